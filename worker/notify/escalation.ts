// Delivery you can trust: a turn message goes first by the player's first kind of channel (push,
// then e-mail, then webhooks: ntfy, Discord, JSON). The service worker confirms a push message
// shown and opened (worker/api/receipts.ts). When the player's time (`resend_after`) is up and
// no device showed it, and the player has not acted at a table it names, it goes once more by the
// next kind of channel they have; nor when they opened every such table since (they know). The
// wait is a delayed queue message, no timer of its own; a
// first channel that failed for good does not wait. "Never" sends every channel at once.
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import type { PlacementEnv } from "../db/placement";
import { quietUntil } from "../deadlines/quiet";
import { channelsOf, playerById, type ChannelRow } from "../players/store";
import { tableMarksOf } from "../players/table-rows";
import type { NotifyEnv } from "../base/env";
import type { NotifyMessage } from "../base/notify-messages";
import { offered, tierOf } from "./channels";

type Env = NotifyEnv & PlacementEnv;

/** Messages that are sent again when nobody saw them: a decision waits for the player. */
const WAITING_KINDS = new Set(["turn", "reminder"]);

/** The choices the settings page offers (minutes); null = never (every channel at once). */
export const RESEND_CHOICES = [15, 30, 60, 120, 240, 480, 720, 1440] as const;

export interface Plan {
  /** The channels the message goes to now. */
  now: ChannelRow[];
  /** Whether it may go again later (there is a later kind of channel to go to). */
  escalates: boolean;
  tier: number;
}

/** Which channels a message goes to first; pure. */
export function plan(channels: ChannelRow[], resendAfter: number | null): Plan {
  if (resendAfter === null || !channels.length) return { now: channels, escalates: false, tier: 0 };
  const tier = Math.min(...channels.map((c) => tierOf(c.kind)));
  return { now: channels.filter((c) => tierOf(c.kind) === tier), escalates: channels.some((c) => tierOf(c.kind) > tier), tier };
}

/** A decision a message announced: the table, its version then, the player's seat. */
export interface Watched {
  table: string;
  version: number;
  seat: number;
}

/** The decisions a message announces that may call for a second sending. */
export function watched(notices: { tableId: string; version: number; kind: string; seat: number }[]): Watched[] {
  const out = new Map<string, Watched>();
  for (const n of notices) if (WAITING_KINDS.has(n.kind)) out.set(n.tableId, { table: n.tableId, version: n.version, seat: n.seat });
  return [...out.values()];
}

/** The last version a seat had in front of it (the table object knows; the queue handler asks it). */
export type SeenVersion = (table: string, seat: number) => Promise<number>;

export const escalationRow = (messageId: string, playerId: string, tables: Watched[], tier: number, dueAt: number, now: number): typeof schema.escalations.$inferInsert => ({
  id: messageId,
  playerId,
  tables: JSON.stringify(tables),
  fromTier: tier,
  dueAt,
  status: "waiting",
  createdAt: now,
});

type Enqueue = (env: Env, messages: NotifyMessage[], delayMs?: number) => Promise<void>;

/**
 * The escalation's time is up (or its first channel gave up): send the message again by the next
 * kind of channel, once. Safe to run twice: the second sending's outbox ids are derived from the
 * message and the channel, and the delivery claims its row.
 */
export async function escalate(env: Env, messageId: string, now: number, enqueue: Enqueue, seen?: SeenVersion): Promise<void> {
  const q = db(env.DB);
  const e = (await q.select().from(schema.escalations).where(eq(schema.escalations.id, messageId)))[0];
  if (!e || e.status !== "waiting") return;
  const done = (status: "shown" | "acted" | "seen" | "none") => q.update(schema.escalations).set({ status, doneAt: now }).where(eq(schema.escalations.id, messageId));
  const rows = await q.select().from(schema.outbox).where(eq(schema.outbox.messageId, messageId));
  const first = rows.filter((r) => !r.resent);
  if (first.some((r) => r.shownAt !== null || r.openedAt !== null)) return void (await done("shown"));
  const gaveUp = first.length > 0 && first.every((r) => r.status === "failed" || r.status === "dead");
  if (now < e.dueAt && !gaveUp) return enqueue(env, [{ type: "escalate", messageId }], e.dueAt - now);

  const tables = JSON.parse(e.tables) as Watched[];
  const current = await tableMarksOf(env, tables.map((t) => t.table));
  const version = new Map([...current].map(([id, m]) => [id, m.version]));
  const waiting = tables.filter((t) => version.get(t.table) === t.version);
  if (!waiting.length) return void (await done("acted"));
  // Opened on some device since (a view, a socket): the player knows, whatever the push did. A
  // table's first decision (version 0) cannot tell: a seat that never looked has seen version 0.
  if (seen) {
    const looked = await Promise.all(waiting.map(async (t) => t.version > 0 && (await seen(t.table, t.seat)) >= t.version));
    if (looked.every(Boolean)) return void (await done("seen"));
  }
  // At most once per turn: a turn message and its reminder are two messages about one decision.
  const resent = await q.select({ tables: schema.escalations.tables }).from(schema.escalations).where(and(eq(schema.escalations.playerId, e.playerId), eq(schema.escalations.status, "resent"))).orderBy(desc(schema.escalations.createdAt)).limit(50);
  const before = new Set(resent.flatMap((r) => (JSON.parse(r.tables) as { table: string; version: number }[]).map((t) => `${t.table}:${t.version}`)));
  if (waiting.every((t) => before.has(`${t.table}:${t.version}`))) return void (await done("none"));

  const player = await playerById(env.DB, e.playerId);
  if (!player || player.resendAfter === null || !first.length) return void (await done("none"));
  const quiet = quietUntil(now, player.timeZone, player.quietStart, player.quietEnd);
  if (quiet !== null) return enqueue(env, [{ type: "escalate", messageId }], quiet - now);
  const later = offered(env, await channelsOf(env.DB, player.id)).filter((c) => tierOf(c.kind) > e.fromTier);
  if (!later.length) return void (await done("none"));
  const tier = Math.min(...later.map((c) => tierOf(c.kind)));
  const source = first[0];
  const again = later
    .filter((c) => tierOf(c.kind) === tier)
    .map((c): typeof schema.outbox.$inferInsert => ({ id: `${messageId}:again:${c.id}`, playerId: player.id, channelId: c.id, channelKind: c.kind, kind: source.kind, payload: source.payload, links: source.links, status: "queued", attempts: 0, createdAt: now, messageId, resent: true }));
  await q.batch([
    q.update(schema.escalations).set({ status: "resent", doneAt: now }).where(eq(schema.escalations.id, messageId)),
    q.insert(schema.outbox).values(again).onConflictDoNothing(),
    q.update(schema.outbox).set({ escalatedAt: now }).where(inArray(schema.outbox.id, first.map((r) => r.id))),
  ]);
  await enqueue(env, again.map((r) => ({ type: "deliver", outboxId: r.id! })));
}
