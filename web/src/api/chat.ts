// Table talk (API.md Additions "Table talk"): a table's chat with a seat token, a league's board
// with a league key. Both rooms speak the same calls; a table's new messages also come on its socket.
import { request } from "./request";

export interface ChatMessage {
  id: number;
  /** At a table: the author's seat. */
  seat?: number;
  /** On a league board: the author's member id (null: the admin). */
  member?: string | null;
  name: string;
  /** Plain text (a reaction's sign); always shown as text, never as markup. */
  text: string;
  at: string;
  kind: "text" | "reaction";
  reaction?: string;
}

export interface ChatListing {
  messages: ChatMessage[];
  unread: number;
  lastRead: number;
  muted: boolean;
  /** Tables only: a notification for every new message. */
  notify?: boolean;
  /** May hide messages (the table's host, the league's admin). */
  moderator: boolean;
}

/** What a table's socket says about its chat. */
export type ChatEvent = { type: "chat"; message: ChatMessage } | { type: "chatHidden"; id: number };

export interface ChatRoom {
  list(): Promise<ChatListing>;
  unread(): Promise<{ unread: number; muted: boolean }>;
  say(text: string): Promise<ChatMessage>;
  react(reaction: string): Promise<ChatMessage>;
  read(upTo: number): Promise<void>;
  settings(patch: { muted?: boolean; notify?: boolean }): Promise<void>;
  hide(message: number): Promise<void>;
  report(message: number, reason: string): Promise<void>;
}

function room(base: string, key: string): ChatRoom {
  const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
  return {
    list: async () => (await request<ChatListing>(base, {}, key)).body!,
    unread: async () => (await request<{ unread: number; muted: boolean }>(`${base}/unread`, {}, key)).body!,
    say: async (text) => (await request<ChatMessage>(base, json("POST", { text }), key)).body!,
    react: async (reaction) => (await request<ChatMessage>(base, json("POST", { reaction }), key)).body!,
    read: async (upTo) => void (await request(`${base}/read`, json("POST", { upTo }), key)),
    settings: async (patch) => void (await request(`${base}/settings`, json("PATCH", patch), key)),
    hide: async (message) => void (await request(`${base}/${message}/hide`, json("POST", {}), key)),
    report: async (message, reason) => void (await request(`${base}/${message}/report`, json("POST", { reason }), key)),
  };
}

export const tableChat = (tableId: string, token: string): ChatRoom => room(`/api/tables/${encodeURIComponent(tableId)}/chat`, token);

export const leagueBoard = (leagueId: string, key: string): ChatRoom => room(`/api/leagues/${encodeURIComponent(leagueId)}/board`, key);
