// What travels through the notification queue. Every message is safe to deliver twice: notices
// are keyed by table, version and kind, deliveries claim their outbox row before sending.

/** A player should hear about a decision (from the table's Durable Object). */
export interface NoticeMessage {
  type: "notice";
  /** `chat`: a new message at a table whose seat asked to hear of it; `version` is the message id. */
  /** `rematch`: a seat of this player's finished game asked to play again; `tableId` is the new table. */
  kind: "turn" | "reminder" | "takeover" | "chat" | "rematch";
  playerId: string;
  tableId: string;
  seat: number;
  version: number;
  /** When the decision runs out (ms), or null without a deadline. */
  deadline: number | null;
}

/** Send what is pending for a player, if quiet hours and the digest window allow. */
export interface FlushMessage {
  type: "flush";
  playerId: string;
}

/** Deliver one outbox row to its channel. */
export interface DeliverMessage {
  type: "deliver";
  outboxId: string;
}

/** A turn message's time to be confirmed is up (or its first channel failed): send it once more by the next kind of channel, unless it was shown or the player acted. */
export interface EscalateMessage {
  type: "escalate";
  messageId: string;
}

/**
 * A player's settings changed (vacation, auto-play): these tables' objects work their clocks out
 * again. A player's first tables are told by the request itself, the rest a few per message, so
 * that neither the request nor a message grows with the player's running games (worker/api/players.ts).
 */
export interface PlayersChangedMessage {
  type: "playersChanged";
  tables: string[];
}

export type NotifyMessage = NoticeMessage | FlushMessage | DeliverMessage | EscalateMessage | PlayersChangedMessage;
