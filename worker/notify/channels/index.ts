// Every kind of channel, in one list: the routes, the settings page's profile, the pipeline, the
// test button, the escalation and the operator's delivery view read it, and nothing else names a
// kind. A new kind is one file (a `channelKind({...})`, ./kind.ts) and one line in CHANNEL_KINDS.
import * as v from "valibot";
import type { NotifyEnv } from "../../base/env";
import type { Message } from "../compose";
import { email } from "./email";
import type { ChannelKind, Configured, Refusal } from "./kind";
import { push } from "./push";
import type { SendResult } from "./result";
import { webhook } from "./webhook";

export type { SendResult } from "./result";

/** The kinds, in the order of sending (their tiers). */
export const CHANNEL_KINDS = [push, email, webhook] as const;

type Kinds = typeof CHANNEL_KINDS;
/** The kinds' schemas as a tuple (a mapped type over a type parameter keeps the tuple). */
type SchemasOf<T extends readonly { schema: unknown }[]> = { -readonly [I in keyof T]: T[I]["schema"] };
export type ChannelKindName = Kinds[number]["kind"];
/** The codes a kind gives for not being offered here (the settings page words each). */
export type UnavailableCode = NonNullable<ReturnType<Kinds[number]["unavailable"]>>;
/** A kind as the list handles it: found by name, its input and stored config plain data (each kind's own types are checked in its file). */
type AnyKind = Omit<ChannelKind, "configure" | "describe" | "send"> & {
  configure(input: unknown, env: NotifyEnv): Promise<Configured<unknown> | Refusal>;
  describe(config: unknown): string;
  send(env: NotifyEnv, config: unknown, m: Message, receipt: string): Promise<SendResult>;
};

/** What `POST /api/players/me/channels` takes: one of the kinds' schemas, told apart by `kind`. */
export const ChannelSchema = v.variant("kind", CHANNEL_KINDS.map((k) => k.schema) as unknown as SchemasOf<Kinds>);
export type ChannelInput = v.InferOutput<typeof ChannelSchema>;

/** The kind of that name; undefined for a name no kind has (a row a later version removed the kind of). */
export const kindOf = (name: string): AnyKind | undefined => (CHANNEL_KINDS as readonly unknown[]).find((k) => (k as AnyKind).kind === name) as AnyKind | undefined;

/** A kind no longer known goes last. */
export const tierOf = (name: string): number => kindOf(name)?.tier ?? CHANNEL_KINDS.length;

/** Whether only the player reads what this kind of channel carries (a webhook may be a shared room). */
export const readByPlayerAlone = (name: string): boolean => kindOf(name)?.readByPlayerAlone ?? false;

/** Why this server cannot offer the kind (a code), or null. An unknown kind is never offered. */
export const unavailableKind = (env: NotifyEnv, name: string): UnavailableCode | "UNKNOWN_KIND" | null => {
  const k = kindOf(name);
  return k ? (k.unavailable(env) as UnavailableCode | null) : "UNKNOWN_KIND";
};

/** Every kind and why it is not offered here (null: offered); the settings page and the operator read it. */
export const availability = (env: NotifyEnv): Record<ChannelKindName, UnavailableCode | null> =>
  Object.fromEntries(CHANNEL_KINDS.map((k) => [k.kind, k.unavailable(env)])) as Record<ChannelKindName, UnavailableCode | null>;

/** The channels this server can send by now: one of a kind it does not offer gets no message (its player and the operator are told why). */
export const offered = <T extends { kind: string }>(env: NotifyEnv, channels: T[]): T[] => channels.filter((c) => unavailableKind(env, c.kind) === null);

/** The config to store for a valid input (JSON), or the reason it cannot be used. */
export async function channelConfig(input: ChannelInput, env: NotifyEnv): Promise<{ ok: true; config: string; secret?: string } | Refusal> {
  const k = kindOf(input.kind)!;
  const why = k.unavailable(env);
  if (why) return { ok: false, code: "CHANNEL_UNAVAILABLE", message: `This server does not offer ${input.kind} channels (${why}).` };
  const made = await k.configure(input, env);
  return made.ok ? { ok: true, config: JSON.stringify(made.config), ...(made.secret ? { secret: made.secret } : {}) } : made;
}

/** What the settings page shows of a channel (never a push key or a full webhook secret path). */
export function describeChannel(name: string, config: string): string {
  try {
    return kindOf(name)?.describe(JSON.parse(config)) ?? name;
  } catch {
    return name;
  }
}

/** Send by the channel's kind; `receipt`: what a push message carries for the service worker to confirm it (worker/notify/receipt.ts). */
export async function sendVia(env: NotifyEnv, name: string, config: string, m: Message, receipt: string): Promise<SendResult> {
  const k = kindOf(name);
  if (!k) return { status: "failed", error: `unknown channel kind ${name}` };
  const why = k.unavailable(env);
  if (why) return { status: "failed", error: `not offered on this server: ${why}` };
  let c: unknown;
  try {
    c = JSON.parse(config);
  } catch {
    return { status: "failed", error: "unreadable channel settings" };
  }
  return k.send(env, c, m, receipt);
}
