// From "a player should hear about this" to a delivered message, through D1 and the queue:
//   notice  → a row keyed by table, version and kind (a repeated queue message inserts nothing)
//   flush   → quiet hours and the digest window decide when; the pending notices of a player are
//             claimed atomically and turned into one message (one table) or a digest (several),
//             with one outbox row per channel
//   deliver → claims its outbox row (a lease), sends, records the outcome; a transient failure is
//             retried with back-off, a push subscription reported gone is removed
// Each step is safe to run twice, so a Queue message delivered twice sends nothing twice.
import { eq, inArray } from "drizzle-orm";
import { db } from "../db/handle";
import * as schema from "../db/schema";
import type { PlacementEnv } from "../db/placement";
import { quietUntil } from "../deadlines/quiet";
import { openLinkOrNull } from "../base/link-crypto";
import { channelsOf, playerById } from "../players/store";
import { seatNamesOf, tableMarksOf } from "../players/table-rows";
import { offered, readByPlayerAlone, sendVia } from "./channels";
import { compose, type Message, type TableNotice } from "./compose";
import type { NotifyEnv } from "../base/env";
import { bareLinks, tableLink } from "./links";
import { oneTimeSignIn } from "./sign-in-mail";
import type { NoticeMessage, NotifyMessage } from "../base/notify-messages";
import { mentionKey, unreadMentions } from "../chat/mentions";
import { escalate, escalationRow, plan, watched, type SeenVersion } from "./escalation";
import { newReceipt } from "./receipt";
import { idsOf, logEvent } from "../base/log";
import { gameMs, realSeconds, timeNow } from "../base/clock";

type Env = NotifyEnv & PlacementEnv;

/** After a message, further ones within this window wait and go out together as a digest. */
export const DIGEST_WINDOW_MS = 10 * 60_000;
/** A claim older than this (real time: it waits on the machine) is considered abandoned (the consumer died midway). */
const CLAIM_TIMEOUT_MS = 5 * 60_000;
/** Notices one flush claims; the rest wait for the next flush (enqueued when the claim is full). */
export const CLAIM_MAX = 40;
/** How long a delivery holds its outbox row (real time, as the claim's). */
const LEASE_MS = 60_000;
/** Deliveries tried this often before the row is given up as dead. */
export const MAX_ATTEMPTS = 6;
/** Queues accept delays of up to 12 hours. */
const MAX_DELAY_S = 43_200;

export const backoffSeconds = (attempt: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

export async function enqueue(env: Env, messages: NotifyMessage[], delayMs = 0): Promise<void> {
  if (!messages.length) return;
  if (!env.NOTIFY) {
    // No queue bound (plain local runs): do the work now. Delays cannot be honoured, so a delayed
    // message is left out: run now it would find its time not yet up (a flush or a delivery held
    // by quiet hours or the digest window would enqueue itself again, without end).
    if (delayMs > 0) return;
    for (const m of messages) await handle(env, m, timeNow());
    return;
  }
  const delaySeconds = Math.min(MAX_DELAY_S, realSeconds(delayMs / 1000)); // the queue waits in real time
  await env.NOTIFY.sendBatch(messages.map((body) => ({ body, delaySeconds })));
}

/** Tells a table's object that its players' settings changed (the Worker's entry can reach the objects; this layer cannot). */
export type TellTable = (table: string) => Promise<void>;

/**
 * One queue message; returns a delay (s) when it should be retried. `seen`: what the table objects
 * say a seat last saw; `tell`: a table's object told that its players changed.
 */
export async function handle(env: Env, m: NotifyMessage, now: number, seen?: SeenVersion, tell?: TellTable): Promise<number | null> {
  switch (m.type) {
    case "playersChanged":
      if (!tell) throw new Error("playersChanged needs the table objects");
      await Promise.all(m.tables.map((t) => tell(t)));
      return null;
    case "notice":
      await flush(env, m.playerId, now, m);
      return null;
    case "flush":
      await flush(env, m.playerId, now);
      return null;
    case "deliver":
      return deliver(env, m.outboxId, now);
    case "escalate":
      await escalate(env, m.messageId, now, enqueue, seen);
      return null;
  }
}

const noticeId = (m: NoticeMessage): string => (m.kind === "chat" ? `${m.tableId}:${m.version}:chat:${m.seat}` : `${m.tableId}:${m.version}:${m.kind}`);

export async function recordNotice(env: Env, m: NoticeMessage, now: number): Promise<void> {
  await db(env.DB)
    .insert(schema.notices)
    // A chat notice's version is the message id, and one message may concern several seats.
    .values({ id: noticeId(m), playerId: m.playerId, tableId: m.tableId, seat: m.seat, version: m.version, kind: m.kind, deadline: m.deadline, status: "pending", createdAt: now })
    .onConflictDoNothing();
}

type Claimed = { id: string; tableId: string; seat: number; version: number; kind: TableNotice["kind"]; deadline: number | null };
const CLAIMED_COLUMNS = "id, table_id AS tableId, seat, version, kind, deadline";
/** The player's pending notices, or ones whose claim was abandoned, newest first, at most ?4 of them. */
const CLAIM_SQL = `UPDATE notices SET status = 'claimed', claimed_at = ?1
  WHERE id IN (SELECT id FROM notices
    WHERE player_id = ?2 AND (status = 'pending' OR (status = 'claimed' AND claimed_at < ?3))
    ORDER BY created_at DESC, version DESC LIMIT ?4)
  RETURNING ${CLAIMED_COLUMNS}`;
/** A notice that goes out now is written claimed (a repeated queue message inserts nothing, so claims nothing). */
const INSERT_CLAIMED_SQL = `INSERT INTO notices (id, player_id, table_id, seat, version, kind, deadline, status, claimed_at, created_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'claimed', ?8, ?8) ON CONFLICT DO NOTHING RETURNING ${CLAIMED_COLUMNS}`;
/**
 * Whether the player has a pending notice, and when the last message went out (digest window): the
 * newest outbox row of a message (a test message has none, a second sending is `resent`).
 */
const WAITING_SQL = `SELECT EXISTS (SELECT 1 FROM notices WHERE player_id = ?1 AND status = 'pending') AS pending,
  (SELECT created_at FROM outbox WHERE player_id = ?1 AND message_id IS NOT NULL AND resent = 0 ORDER BY created_at DESC LIMIT 1) AS lastSent`;

/**
 * Send the player's pending notices, now or when quiet hours and the digest window allow.
 * `notice`: one just arrived (a queue message `notice`); when it goes out now it is written
 * already claimed, in the same batch as the claim of the others (README "Directory writes per turn message").
 */
export async function flush(env: Env, playerId: string, now: number, notice?: NoticeMessage): Promise<void> {
  const q = db(env.DB);
  const [player, waiting] = await Promise.all([playerById(env.DB, playerId), env.DB.prepare(WAITING_SQL).bind(playerId).first<{ pending: number; lastSent: number | null }>()]);
  // Not now: kept pending, for the flush enqueued below or a later one.
  const later = async (delayMs: number | null) => {
    if (notice) await recordNotice(env, notice, now);
    if (delayMs !== null) await enqueue(env, [{ type: "flush", playerId }], delayMs);
  };
  if (!player) return later(null);
  if (!notice && !waiting?.pending) return;
  const quiet = quietUntil(now, player.timeZone, player.quietStart, player.quietEnd);
  if (quiet !== null) return later(quiet - now);
  const lastSent = waiting?.lastSent ?? null;
  if (lastSent !== null && now - lastSent < DIGEST_WINDOW_MS) return later(lastSent + DIGEST_WINDOW_MS - now);
  const channels = offered(env, await channelsOf(env.DB, playerId));
  if (!channels.length) return later(null); // kept pending: a channel added (or set up) later picks them up

  // At most CLAIM_MAX at a time, newest first: the ids below are bound parameters, which D1 caps
  // at 100 a statement (a player away for long, or with no channel offered, piles up hundreds).
  const limit = notice ? CLAIM_MAX - 1 : CLAIM_MAX;
  const claim = env.DB.prepare(CLAIM_SQL).bind(now, playerId, now - gameMs(CLAIM_TIMEOUT_MS), limit);
  const results = notice
    ? await env.DB.batch<Claimed>([env.DB.prepare(INSERT_CLAIMED_SQL).bind(noticeId(notice), playerId, notice.tableId, notice.seat, notice.version, notice.kind, notice.deadline, now), claim])
    : [await claim.all<Claimed>()];
  const claimed = results.flatMap((r) => r.results);
  const full = results[results.length - 1].results.length === limit;
  if (!claimed.length) return; // another delivery of this message got there first

  const tableIds = [...new Set(claimed.map((n) => n.tableId))];
  // The tables' versions and seat names from each table's own database (worker/db/placement.ts).
  const [marks, seatRows, links] = await Promise.all([
    tableMarksOf(env, tableIds),
    seatNamesOf(env, tableIds),
    q.select().from(schema.playerSeats).where(inArray(schema.playerSeats.tableId, tableIds)),
  ]);
  const version = new Map([...marks].map(([id, m]) => [id, m.version]));
  // Unread chat at these seats (worker/chat): mentioned in every message; a chat notice whose
  // messages were read meanwhile (or muted, or hidden) is stale.
  const chat = await unreadMentions(env.DB, claimed.map((n) => ({ tableId: n.tableId, seat: n.seat })));
  // A turn or reminder for a version the table has left is stale: the player has acted.
  const live = claimed.filter((n) => (n.kind === "chat" ? chat.has(mentionKey(n.tableId, n.seat)) : n.kind === "takeover" || n.kind === "rematch" || version.get(n.tableId) === n.version));
  // The seat must still be this player's (its sealed link opens); the message links to the table only.
  const opened = await Promise.all(
    live.map(async (n): Promise<TableNotice | null> => {
      const sealed = links.find((l) => l.tableId === n.tableId && l.seat === n.seat && l.playerId === playerId)?.link;
      if (!sealed) return null; // the seat was linked to someone else meanwhile
      const seatLink = await openLinkOrNull(sealed, `${n.tableId}:${n.seat}`);
      if (seatLink === null) return null;
      const names = seatRows.filter((s) => s.tableId === n.tableId);
      return { kind: n.kind, table: n.tableId, seat: n.seat, name: names.find((s) => s.seat === n.seat)?.name ?? "", others: names.filter((s) => s.seat !== n.seat).map((s) => s.name), deadline: n.deadline, link: tableLink(env.PUBLIC_ORIGIN, seatLink, n.tableId), chat: chat.get(mentionKey(n.tableId, n.seat)) };
    }),
  );
  const notices = opened.filter((n): n is TableNotice => n !== null);
  const sentIds = live.filter((n) => notices.some((x) => x.table === n.tableId)).map((n) => n.id);
  const dropIds = claimed.map((n) => n.id).filter((id) => !sentIds.includes(id));
  const group = crypto.randomUUID();
  const message = notices.length ? compose(notices, player.timeZone, player.language) : null;
  // The first kind of channel now; the next one later if nobody saw it (worker/notify/escalation.ts).
  const first = plan(channels, player.resendAfter);
  const rows = message ? first.now.map((c) => ({ ...outboxRow(`${group}:${c.id}`, playerId, c, message, now), messageId: group })) : [];
  const watch = first.escalates && rows.length ? watched(live.filter((n) => sentIds.includes(n.id))) : [];
  const dueAt = now + (player.resendAfter ?? 0) * 60_000;
  // One transaction: the outbox rows exist exactly when the notices count as sent. Only the
  // statements that change something (the digest window reads the newest outbox row, no stamp of its own).
  const writes = [
    ...(sentIds.length ? [q.update(schema.notices).set({ status: "sent" }).where(inArray(schema.notices.id, sentIds))] : []),
    ...(dropIds.length ? [q.update(schema.notices).set({ status: "stale" }).where(inArray(schema.notices.id, dropIds))] : []),
    ...(rows.length ? [q.insert(schema.outbox).values(rows)] : []),
    ...(watch.length ? [q.insert(schema.escalations).values(escalationRow(group, playerId, watch, first.tier, dueAt, now)).onConflictDoNothing()] : []),
  ];
  if (writes.length) await q.batch(writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
  await enqueue(env, rows.map((r) => ({ type: "deliver", outboxId: r.id })));
  if (watch.length) await enqueue(env, [{ type: "escalate", messageId: group }], dueAt - now);
  // A full claim may have left older notices: the next flush takes them (after the digest window if this one sent).
  if (full) await enqueue(env, [{ type: "flush", playerId }]);
}

/** `m` carries no secret (its links are the tables' own, worker/notify/links.ts). */
export function outboxRow(id: string, playerId: string, c: { id: number; kind: string }, m: Message, now: number): typeof schema.outbox.$inferInsert {
  return { id, playerId, channelId: c.id, channelKind: c.kind, kind: m.kind, payload: JSON.stringify(m), links: null, status: "queued", attempts: 0, createdAt: now };
}

/** Deliver one outbox row; returns seconds until a retry, or null when done (sent or given up). */
export async function deliver(env: Env, outboxId: string, now: number): Promise<number | null> {
  // Quiet hours hold the delivery too, not only the flush that composed it: a message composed just
  // before them can come due inside them (a queue running behind, a retry's back-off of up to an
  // hour). It goes when they end, as a new queue message. The test button's message goes at once.
  const held = await quietHoldOf(env, outboxId, now);
  if (held !== null) {
    await enqueue(env, [{ type: "deliver", outboxId }], held - now);
    return null;
  }
  // Every attempt carries a fresh receipt (only a push message uses it): the service worker
  // sends it back to confirm the message shown. Only its hash is kept.
  const receipt = await newReceipt();
  const row = await env.DB.prepare(
    `UPDATE outbox SET status = 'sending', lease_until = ?2, attempts = attempts + 1, receipt_hash = ?4
     WHERE id = ?1 AND (status IN ('queued', 'retry') OR (status = 'sending' AND lease_until < ?3))
     RETURNING player_id AS playerId, channel_id AS channelId, payload, attempts, message_id AS messageId, resent`,
  )
    .bind(outboxId, now + gameMs(LEASE_MS), now, receipt.hash)
    .first<{ playerId: string; channelId: number; payload: string; attempts: number; messageId: string | null; resent: number }>();
  if (!row) return null; // sent already, given up, or another delivery holds it
  const r = await deliverClaimed(env, outboxId, row, receipt.value);
  // A first channel that gave up does not make the player wait for the next one.
  if (r.gaveUp && row.messageId && !row.resent) await enqueue(env, [{ type: "escalate", messageId: row.messageId }]);
  return r.retryIn;
}

/** When the player's quiet hours end, if a delivery of this row is due inside them (null: send now). */
async function quietHoldOf(env: Env, outboxId: string, now: number): Promise<number | null> {
  const row = await env.DB.prepare(
    `SELECT p.time_zone AS timeZone, p.quiet_start AS quietStart, p.quiet_end AS quietEnd FROM outbox o JOIN players p ON p.id = o.player_id
     WHERE o.id = ?1 AND o.kind != 'test' AND o.status IN ('queued', 'retry', 'sending')`,
  )
    .bind(outboxId)
    .first<{ timeZone: string; quietStart: number | null; quietEnd: number | null }>();
  return row ? quietUntil(now, row.timeZone, row.quietStart, row.quietEnd) : null;
}

async function deliverClaimed(
  env: Env,
  outboxId: string,
  row: { playerId: string; channelId: number; payload: string; attempts: number },
  receipt: string,
): Promise<{ retryIn: number | null; gaveUp: boolean }> {
  const gaveUp = { retryIn: null, gaveUp: true };
  const q = db(env.DB);
  const set = (patch: Partial<typeof schema.outbox.$inferInsert>) => q.update(schema.outbox).set({ leaseUntil: null, ...patch }).where(eq(schema.outbox.id, outboxId));
  const channel = (await q.select().from(schema.channels).where(eq(schema.channels.id, row.channelId)))[0];
  if (!channel) {
    await set({ status: "failed", lastError: "channel removed" });
    return gaveUp;
  }
  // Rows queued by an older version kept their links' secrets sealed beside them: never sent now.
  const message = bareLinks(JSON.parse(row.payload) as Message);
  const result = await sendVia(env, channel.kind, channel.config, await withSignIn(env, channel.kind, row.playerId, message), receipt);
  switch (result.status) {
    case "sent":
      await set({ status: "sent", sentAt: timeNow(), lastError: null });
      return { retryIn: null, gaveUp: false };
    case "gone":
      await q.batch([set({ status: "failed", lastError: `${result.error}; channel removed` }), q.delete(schema.channels).where(eq(schema.channels.id, channel.id))]);
      return gaveUp;
    case "failed":
      await set({ status: "failed", lastError: result.error });
      return gaveUp;
    case "retry":
      if (row.attempts >= MAX_ATTEMPTS) {
        await set({ status: "dead", lastError: result.error });
        return gaveUp;
      }
      await set({ status: "retry", lastError: result.error });
      return { retryIn: backoffSeconds(row.attempts), gaveUp: false };
  }
}

/**
 * A turn message to a channel only the player reads links with a sign-in of its own (good once, for
 * a day), so that tapping it on a device that holds nothing still opens the table.
 */
async function withSignIn(env: Env, kind: string, playerId: string, m: Message): Promise<Message> {
  if (!m.tables.length || !readByPlayerAlone(kind)) return m;
  return { ...m, url: `${m.url}#${await oneTimeSignIn(env.DB, playerId, "message")}` };
}

/** A message that exhausted the queue's own retries (dead-letter queue): record it. */
export async function deadLetter(env: Env, m: NotifyMessage): Promise<void> {
  if (m.type === "deliver") {
    const row = await env.DB.prepare(`UPDATE outbox SET status = 'dead', last_error = coalesce(last_error, 'dead-lettered') WHERE id = ? AND status != 'sent' RETURNING message_id AS messageId, resent`).bind(m.outboxId).first<{ messageId: string | null; resent: number }>();
    if (row?.messageId && !row.resent) await enqueue(env, [{ type: "escalate", messageId: row.messageId }]);
  } else {
    logEvent("error", "notify.dead_lettered", { kind: m.type, ...idsOf(m) });
  }
}
