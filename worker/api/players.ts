// Players (API extension, not part of API.md's stable core): a person across tables, signed in by
// a secret key (`Authorization: Bearer pk_…`), with seats, channels, quiet hours and vacation.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { jsonBody } from "./json-body";
import { spend } from "./quota";
import { nameField } from "./names";
import type { Env } from "../base/env";
import { raise, tooMany as refuse } from "../base/failure";
import { bearer } from "./guard";
import { limitToken } from "./rate-limit";
import { validTimeZone } from "../deadlines/quiet";
import { daysLeft, endVacation, hoursLeft, onVacation, startVacation } from "../deadlines/vacation";
import { ChannelSchema, availability, channelConfig, describeChannel, unavailableKind } from "../notify/channels";
import type { Message } from "../notify/compose";
import { sendTestMessage } from "../notify/test-message";
import { enqueue } from "../notify/pipeline";
import type { NotifyMessage } from "../base/notify-messages";
import { RESEND_CHOICES } from "../notify/escalation";
import { hashToken } from "../base/secrets";
import { TABLE_ID } from "../table/tokens";
import { tableStub } from "../table/stub";
import { hostedBy } from "../table/host-store";
import { PLAYER_KEY, hashKey, newPlayerId } from "../players/keys";
import { devicesOf, deviceLabel, isPlayerKeyHash, issueKey, playerForKeyHash } from "../players/devices";
import { passkeysOf } from "../players/passkeys";
import { signInLinksOf } from "../players/sign-in-links";
import * as store from "../players/store";
import { myLeagues } from "../leagues/mine";
import { publicOrigin } from "./public-origin";
import { timeNow } from "../base/clock";

/** A signed-in request: the player, and which of their devices asks (the key's row). */
export type SignedIn = { Bindings: Env; Variables: { player: store.PlayerRow; device: string } };
type Ctx = Context<SignedIn>;

export const players = new Hono<SignedIn>();

const MAX_CHANNELS = 10;
/** Running tables told of a player's change per invocation (the request, then each queue message). */
export const TOLD_AT_ONCE = 8;
const name = nameField(40, "name", "name: required.");
const timeZone = v.pipe(v.string(), v.maxLength(64), v.check(validTimeZone, "timeZone: not an IANA time zone."));
const hhmm = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "quietHours: times as HH:MM."));
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const hm = (m: number | null) => (m === null ? null : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);

const CreateSchema = v.object({ name, timeZone: v.optional(timeZone, "UTC"), language: v.optional(v.picklist(["de", "en"]), "de") });
const PatchSchema = v.object({
  name: v.optional(name),
  timeZone: v.optional(timeZone),
  language: v.optional(v.picklist(["de", "en"])),
  autoPlay: v.optional(v.boolean()),
  quietHours: v.optional(v.nullable(v.object({ start: hhmm, end: hhmm }))),
  /** Minutes until an unconfirmed turn message goes by the next kind of channel; null = never. */
  resendAfter: v.optional(v.nullable(v.picklist(RESEND_CHOICES, `resendAfter: one of ${RESEND_CHOICES.join(", ")} (minutes) or null.`))),
});
const LinkSchema = v.object({ table: v.pipe(v.string(), v.regex(TABLE_ID, "table: not a table id.")), token: v.pipe(v.string(), v.minLength(10), v.maxLength(200)) });
const VacationSchema = v.object({ days: v.pipe(v.number(), v.integer("days: whole days."), v.minValue(1, "days: at least 1."), v.maxValue(366)) });

/** The player and device a key opens: 401 UNAUTHORIZED for a key never issued, KEY_REVOKED for one signed out. */
export async function keyHolder(c: Context<{ Bindings: Env }>): Promise<{ player: store.PlayerRow; device: string }> {
  const key = bearer(c);
  if (!key || !PLAYER_KEY.test(key)) return raise(401, "UNAUTHORIZED", "A player key is required (Authorization: Bearer pk_…).");
  const hash = await hashKey(key);
  await limitToken(c, hash);
  const found = await playerForKeyHash(c.env.DB, hash);
  if (!found.ok && found.revoked) return raise(401, "KEY_REVOKED", "This device was signed out: its key was revoked or replaced. Sign in again.");
  if (!found.ok) return raise(401, "UNAUTHORIZED", "This key does not belong to a player.");
  return found;
}

/** Every route below /me: the player whose key is in the Authorization header. */
const auth = async (c: Ctx, next: () => Promise<void>) => {
  if (c.get("player")) return next(); // both patterns below may match one path
  const found = await keyHolder(c as unknown as Context<{ Bindings: Env }>);
  c.set("player", found.player);
  c.set("device", found.device);
  await next();
};
players.use("/me", auth);
players.use("/me/*", auth);

async function profile(c: Ctx, p: store.PlayerRow) {
  const now = timeNow();
  const offers = availability(c.env);
  const [mine, channels, hosted, devices, keys, links] = await Promise.all([
    store.seatsOf(c.env, p.id),
    store.channelsOf(c.env.DB, p.id),
    hostedBy(c.env, p.id),
    devicesOf(c.env.DB, p.id),
    passkeysOf(c.env.DB, p.id),
    signInLinksOf(c.env.DB, p.id),
  ]);
  return {
    id: p.id,
    name: p.name,
    timeZone: p.timeZone,
    language: p.language,
    autoPlay: p.autoPlay,
    resendAfter: p.resendAfter,
    /** The choices `resendAfter` takes (minutes; null = never). */
    resendChoices: RESEND_CHOICES,
    quietHours: p.quietStart === null ? null : { start: hm(p.quietStart), end: hm(p.quietEnd) },
    vacation: { until: onVacation(p, now) ? new Date(p.vacationUntil!).toISOString() : null, daysLeft: daysLeft(p, now), hoursLeft: hoursLeft(p, now) },
    /** Every running seat and the newest finished ones (players/store.ts, FINISHED_SHOWN). */
    seats: mine.seats,
    /** More finished seats: `GET /api/players/me/seats?after=<this>` (null: none). */
    moreFinished: mine.moreFinished,
    /** Tables this player created (their host links, API.md additions). */
    hosted,
    /** `unavailable`: why no message goes by this channel on this server now (its kind is not set up), else null. */
    channels: channels.map((ch) => ({ id: ch.id, kind: ch.kind, label: describeChannel(ch.kind, ch.config), createdAt: ch.createdAt, unavailable: unavailableKind(c.env, ch.kind) })),
    /** The devices signed in (each with its own key; `current`: the one asking), revocable. */
    devices: devices.map((d) => ({ ...d, current: d.id === c.get("device") })),
    passkeys: keys.map(({ id, label, createdAt, lastUsedAt }) => ({ id, label, createdAt, lastUsedAt })),
    /** Sign-in links made (good once), each with the device it signed in. */
    signInLinks: links,
    /** Per kind of channel: whether this server offers it. */
    available: Object.fromEntries(Object.entries(offers).map(([k, why]) => [k, why === null])) as Record<keyof typeof offers, boolean>,
    // Why a kind is not offered, as a code the page words ("this server has no push keys").
    unavailable: offers,
    vapidPublicKey: c.env.VAPID_PUBLIC_KEY ?? null,
  };
}

/** Tell the tables this player sits at to reload what they know of their players. */
async function fanOut(c: Ctx, playerId: string): Promise<void> {
  const ids = await store.runningTablesOf(c.env.DB, playerId);
  // The first tables now, the rest through the queue a few at a time: a player with forty running
  // games costs the request no more than one with eight (without a queue, all now).
  const told = c.env.NOTIFY ? ids.slice(0, TOLD_AT_ONCE) : ids;
  await Promise.all(told.map((id) => tableStub(c.env, id).playersChanged()));
  const later: NotifyMessage[] = [];
  for (let i = told.length; i < ids.length; i += TOLD_AT_ONCE) later.push({ type: "playersChanged", tables: ids.slice(i, i + TOLD_AT_ONCE) });
  await enqueue(c.env, later);
}

players.post("/", jsonBody(CreateSchema), async (c) => {
  const body = c.req.valid("json");
  await spend(c, "players");
  const id = newPlayerId();
  await store.insertPlayer(c.env.DB, { id, name: body.name, timeZone: body.timeZone, language: body.language });
  const { key } = await issueKey(c.env.DB, id, deviceLabel(c.req.header("User-Agent")), "created");
  // Another device signs in with a sign-in link made for it (POST /me/signin-links), never with this key.
  return c.json({ id, key }, 201);
});

players.get("/me", async (c) => c.json(await profile(c, c.get("player"))));

players.patch("/me", jsonBody(PatchSchema), async (c) => {
  const p = c.get("player");
  const body = c.req.valid("json");
  const quiet = body.quietHours === undefined ? {} : body.quietHours === null ? { quietStart: null, quietEnd: null } : { quietStart: minutes(body.quietHours.start), quietEnd: minutes(body.quietHours.end) };
  await store.updatePlayer(c.env.DB, p.id, { name: body.name, timeZone: body.timeZone, language: body.language, autoPlay: body.autoPlay, resendAfter: body.resendAfter, ...quiet });
  if (body.autoPlay !== undefined && body.autoPlay !== p.autoPlay) await fanOut(c, p.id);
  return c.json(await profile(c, (await store.playerById(c.env.DB, p.id))!));
});

/** Older finished seats, a page at a time: `?after=` the profile's (or the last page's) `moreFinished`, `&limit=` up to 50. */
players.get("/me/seats", async (c) => {
  const after = store.parseCursor(c.req.query("after") ?? "");
  const limit = Number(c.req.query("limit") ?? 20);
  if (!after || !Number.isInteger(limit) || limit < 1 || limit > 50) {
    return raise(400, "INVALID_REQUEST", "after: the profile's moreFinished; limit: 1 to 50.");
  }
  return c.json(await store.finishedSeatsOf(c.env, c.get("player").id, after, limit));
});

/** Opening a seat link in a browser that has a player: that seat is now theirs. */
players.post("/me/seats", jsonBody(LinkSchema), async (c) => {
  const p = c.get("player");
  const body = c.req.valid("json");
  const tokenHash = await hashToken(body.token);
  // An account key is never kept as a seat's link: it would go out in every turn message.
  if (await isPlayerKeyHash(c.env.DB, tokenHash)) return raise(400, "INVALID_REQUEST", "token: a player key is not a seat token.");
  const seat = await store.seatByToken(c.env, body.table, tokenHash);
  if (!seat) return raise(404, "NOT_FOUND", "This token does not open a seat at that table.");
  const link = `${publicOrigin(c)}/t/${body.table}#${body.token}`;
  await store.linkSeat(c.env.DB, { tableId: body.table, seat: seat.seat, playerId: p.id, link });
  await tableStub(c.env, body.table).playersChanged();
  return c.json({ table: body.table, seat: seat.seat, name: seat.name }, 200);
});

players.post("/me/channels", jsonBody(ChannelSchema, "INVALID_CHANNEL"), async (c) => {
  const p = c.get("player");
  const body = c.req.valid("json");
  const checked = await channelConfig(body, c.env);
  if (!checked.ok) return raise(400, checked.code, checked.message);
  // Counted and inserted in one statement, so concurrent adds cannot pass the cap.
  const id = await store.insertChannel(c.env.DB, { playerId: p.id, kind: body.kind, config: checked.config }, MAX_CHANNELS);
  if (id === null) return raise(400, "TOO_MANY_CHANNELS", `At most ${MAX_CHANNELS} channels per player.`);
  // A secret the kind made (a webhook's signing secret): shown in this answer only, kept sealed.
  return c.json({ id, kind: body.kind, label: describeChannel(body.kind, checked.config), ...(checked.secret ? { secret: checked.secret } : {}) }, 201);
});

players.delete("/me/channels/:id", async (c) => {
  const id = Number(c.req.param("id"));
  if (!Number.isInteger(id) || !(await store.deleteChannel(c.env.DB, c.get("player").id, id))) raise(404, "NOT_FOUND", "There is no such channel.");
  return c.body(null, 204);
});

/** The settings page's test button: one message to that channel, now (no quiet hours, no digest). */
players.post("/me/channels/:id/test", async (c) => {
  const p = c.get("player");
  const id = Number(c.req.param("id"));
  const channel = (await store.channelsOf(c.env.DB, p.id)).find((ch) => ch.id === id);
  if (!channel) return raise(404, "NOT_FOUND", "There is no such channel.");
  // A kind this server does not offer (any more) sends nothing: said, not queued to fail.
  const why = unavailableKind(c.env, channel.kind);
  if (why) return raise(400, "CHANNEL_UNAVAILABLE", `This server does not send by ${channel.kind} channels (${why}).`);
  const sent = await sendTestMessage(c.env, p, channel, `${publicOrigin(c)}/settings`);
  // At most 30 s until the channel may be tested again (the bound, not the exact rest).
  if (!sent) return refuse(30, "One test message per channel every 30 seconds.");
  return c.json(sent, 202);
});

players.post("/me/vacation", jsonBody(VacationSchema), async (c) => {
  const p = c.get("player");
  const body = c.req.valid("json");
  const r = startVacation(p, body.days, timeNow());
  if (!r.ok) return raise(400, "VACATION_NOT_ALLOWED", r.message);
  await store.updatePlayer(c.env.DB, p.id, r.next);
  await fanOut(c, p.id);
  return c.json(await profile(c, (await store.playerById(c.env.DB, p.id))!));
});

players.delete("/me/vacation", async (c) => {
  const p = c.get("player");
  await store.updatePlayer(c.env.DB, p.id, endVacation(p, timeNow()));
  await fanOut(c, p.id);
  return c.json(await profile(c, (await store.playerById(c.env.DB, p.id))!));
});

// "My leagues" on every device the player signs in on (worker/leagues/mine.ts).
players.get("/me/leagues", async (c) => c.json({ leagues: await myLeagues(c.env.DB, c.get("player").id) }));

/** What was sent (and how it went), newest first: the last 20 rows. */
players.get("/me/outbox", async (c) => {
  const rows = await store.recentOutbox(c.env.DB, c.get("player").id);
  return c.json(rows.map(outboxEntry));
});

const outboxEntry = (r: Awaited<ReturnType<typeof store.recentOutbox>>[number]) => ({
  id: r.id,
  channel: r.channelKind,
  kind: r.kind,
  status: r.status,
  attempts: r.attempts,
  error: r.lastError,
  createdAt: r.createdAt,
  sentAt: r.sentAt,
  /** Confirmed by the device (push only): displayed, and tapped. */
  shownAt: r.shownAt,
  openedAt: r.openedAt,
  /** Not confirmed in time: sent again by the next kind of channel then. */
  escalatedAt: r.escalatedAt,
  /** This is that second sending. */
  resent: r.resent,
  message: JSON.parse(r.payload) as Message,
});

// The shapes the client reads (type-only imports there).
export type Profile = Awaited<ReturnType<typeof profile>>;
export type OutboxEntry = ReturnType<typeof outboxEntry>;
