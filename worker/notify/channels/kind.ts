// One kind of channel as one object (README, "Adding a kind of channel"): what a player may
// register and how it is checked, what is stored, what the settings page shows, how a message
// goes out and how that went, where the kind stands when a message is sent again, and whether
// this server can offer it. The list of kinds is worker/notify/channels/index.ts; nothing else
// names a kind.
import type * as v from "valibot";
import type { NotifyEnv } from "../../base/env";
import type { Message } from "../compose";
import type { SendResult } from "./result";

/** Why an input cannot become a channel: a 400 with this code and message. */
export interface Refusal {
  ok: false;
  code: "INVALID_CHANNEL" | "CHANNEL_UNAVAILABLE";
  message: string;
}

/** What to store for a valid input; `secret`: shown to the player once, in the answer that made it. */
export interface Configured<C> {
  ok: true;
  config: C;
  secret?: string;
}

/** The request body's schema of a kind: an object whose `kind` is the kind's name. */
export type KindSchema<K extends string> = v.ObjectSchema<{ readonly kind: v.LiteralSchema<K, undefined> } & v.ObjectEntries, undefined>;

export interface ChannelKind<K extends string = string, S extends KindSchema<K> = KindSchema<K>, C = unknown, U extends string | null = string | null> {
  kind: K;
  /** What `POST /api/players/me/channels` takes for this kind (shape only: a wrong one is 400 INVALID_CHANNEL). */
  schema: S;
  /** The order of sending (0 first); a message nobody saw goes once more by the next tier (worker/notify/escalation.ts). */
  tier: number;
  /** Only the player reads it (their push, their e-mail): a turn message may carry a one-time sign-in. */
  readByPlayerAlone: boolean;
  /** Why this server cannot offer the kind (a code the settings page words), or null when it can. */
  unavailable(env: NotifyEnv): U;
  /** The checks beyond the shape (a public host, …) and what to store; called only when available. */
  configure(input: v.InferOutput<S>, env: NotifyEnv): Promise<Configured<C> | Refusal>;
  /** What the settings page shows of a stored channel (never a key or a secret path). */
  describe(config: C): string;
  /** Send one message; called only when available. `receipt`: what a push message carries to confirm it. */
  send(env: NotifyEnv, config: C, m: Message, receipt: string): Promise<SendResult>;
}

/** A kind, with its types inferred from the object (the compiler checks every part). */
export const channelKind = <K extends string, S extends KindSchema<K>, C, U extends string | null = null>(k: ChannelKind<K, S, C, U>): ChannelKind<K, S, C, U> => k;
