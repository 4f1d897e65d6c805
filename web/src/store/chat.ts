// One chat room on screen (a table's talk or a league's board): its messages, the unread count,
// whether it is open, mute and notify, and the calls that change them. New messages arrive on the
// table's socket; the room is read again when the socket comes back or the page is shown again.
import { createEffect, createSignal, on, onCleanup, type Accessor } from "solid-js";
import type { ChatEvent, ChatListing, ChatMessage, ChatRoom } from "../api/chat";
import { ApiError } from "../api/request";
import { errorText, t } from "../i18n";

export interface ChatOptions {
  /** Is this message this browser's own? */
  mine: (m: ChatMessage) => boolean;
  /** The table's socket messages (a board has none). */
  listen?: (fn: (msg: { type: string }) => void) => () => void;
  /** The socket's status: read again when it is live again (messages may have been missed). */
  status?: Accessor<string>;
  open?: boolean;
}

export function createChat(room: ChatRoom, opts: ChatOptions) {
  const [listing, setListing] = createSignal<ChatListing | null>(null);
  const [open, setOpen] = createSignal(opts.open ?? false);
  const [notice, setNotice] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal(false);

  const say = (e: unknown) => setNotice(e instanceof ApiError && e.code === "NETWORK" ? t().polling : errorText(e, t().chat.errors));

  const load = async () => {
    try {
      setListing(await room.list());
      if (open()) await markRead();
    } catch (e) {
      say(e);
    }
  };

  /** Everything shown is read once the room is open (and the page visible). */
  const markRead = async () => {
    const l = listing();
    if (!l || !open() || document.visibilityState === "hidden") return;
    const last = l.messages.at(-1)?.id ?? 0;
    if (l.unread === 0 && last <= l.lastRead) return;
    setListing({ ...l, unread: 0, lastRead: Math.max(l.lastRead, last) });
    await room.read(last).catch(() => undefined);
  };

  const add = (m: ChatMessage) => {
    const l = listing();
    if (!l || l.messages.some((x) => x.id === m.id)) return;
    const unread = opts.mine(m) ? l.unread : l.unread + 1;
    setListing({ ...l, messages: [...l.messages, m], unread, lastRead: opts.mine(m) ? Math.max(l.lastRead, m.id) : l.lastRead });
    void markRead();
  };

  if (opts.listen) {
    const stop = opts.listen((msg) => {
      const ev = msg as ChatEvent;
      if (ev.type === "chat") add(ev.message);
      else if (ev.type === "chatHidden") {
        const l = listing();
        if (l) setListing({ ...l, messages: l.messages.filter((x) => x.id !== ev.id) });
        void room.unread().then((u) => listing() && setListing({ ...listing()!, unread: u.unread }), () => undefined);
      }
    });
    onCleanup(stop);
  }
  if (opts.status) createEffect(on(opts.status, (s, prev) => s === "live" && prev && prev !== "live" && void load(), { defer: true }));
  createEffect(on(open, (o) => o && void markRead(), { defer: true }));
  const onVisible = () => document.visibilityState === "visible" && void load();
  document.addEventListener("visibilitychange", onVisible);
  onCleanup(() => document.removeEventListener("visibilitychange", onVisible));
  void load();

  /** Run a call, showing its refusal in the player's language. */
  const run = async (fn: () => Promise<void>) => {
    setNotice(null);
    setBusy(true);
    try {
      await fn();
      return true;
    } catch (e) {
      say(e);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    listing,
    open,
    setOpen,
    notice,
    busy,
    unread: () => (listing()?.muted ? 0 : (listing()?.unread ?? 0)),
    send: (text: string) => run(async () => add(await room.say(text))),
    react: (code: string) => run(async () => add(await room.react(code))),
    setMuted: (muted: boolean) => run(async () => {
      await room.settings({ muted });
      await load();
    }),
    setNotify: (notify: boolean) => run(async () => {
      await room.settings({ notify });
      setListing({ ...listing()!, notify });
    }),
    hide: (id: number) => run(async () => {
      await room.hide(id);
      const l = listing();
      if (l) setListing({ ...l, messages: l.messages.filter((x) => x.id !== id) });
    }),
    report: (id: number, reason: string) => run(async () => {
      await room.report(id, reason);
      setNotice(t().chat.reported);
    }),
    mine: opts.mine,
  };
}

export type ChatStore = ReturnType<typeof createChat>;
