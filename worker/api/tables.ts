// The table routes of API.md: create, read a seat's view (ETag/304), act, and the WebSocket;
// plus a seat's hint (additive).
import { Hono, type Context } from "hono";
import { createGame, resolveRules } from "../engine";
import type { ViewResult } from "../table/room";
import { hashToken, newToken } from "../base/secrets";
import { TABLE_ID, newSeed, newTableId } from "../table/tokens";
import { tableStub } from "../table/stub";
import type { TableRecord } from "../table/model";
import { jsonBody } from "./json-body";
import { callerPlayer, spend } from "./quota";
import type { Env } from "../base/env";
import { FailureError, fail, raise } from "../base/failure";
import { bearer, tokenHash } from "./guard";
import { CreateTableSchema, EndBodySchema, type CreatedTable } from "./schemas";
import { ActBodySchema } from "../table/messages";
import { tableOptions } from "../deadlines/options";
import { saveTableOptions } from "../players/facts";
import { linkSeat } from "../players/store";
import { hostLink, insertHost, newHostKey, seatLink } from "../table/host-store";
import { publicOrigin } from "./public-origin";

type Ctx = Context<{ Bindings: Env }>;

export const tables = new Hono<{ Bindings: Env }>();

export const stubFor = (c: Ctx, id: string) => {
  if (!TABLE_ID.test(id)) raise(404, "NOT_FOUND", "There is no such table.");
  return tableStub(c.env, id);
};

/** `If-None-Match` → the ETags the client already holds (weak or strong, compared as strong). */
const knownTags = (header: string | undefined): string[] =>
  (header ?? "").split(",").map((t) => t.trim().replace(/^W\//, "")).filter(Boolean);

function viewResponse(c: Ctx, r: ViewResult): Response {
  if (!r.ok) throw new FailureError(r);
  // The ETag carries the version (API.md) and a digest of this seat's view: `Vary` keeps a browser
  // holding two seats of one table from revalidating one seat's view for the other.
  const headers: Record<string, string> = { ETag: r.etag, "Cache-Control": "private, no-cache", Vary: "Authorization" };
  if (r.rowsWritten !== undefined) headers["X-D1-Rows-Written"] = String(r.rowsWritten);
  if (r.json === null) return c.body(null, 304, headers);
  // The view comes as JSON text from the table object, made once per change: sent as it is.
  return c.body(r.json, 200, { ...headers, "Content-Type": "application/json" });
}

tables.post("/", jsonBody(CreateTableSchema), async (c) => {
  const body = c.req.valid("json");
  const playerId = await callerPlayer(c);
  await spend(c, "tables", playerId);
  const resolved = resolveRules(body.rules);
  if (!resolved.ok) return raise(400, "INVALID_RULES", resolved.error.message, resolved.error.option);
  const rules = resolved.rules;
  if (body.seats.length !== rules.players) {
    raise(400, "INVALID_RULES", `This table is for ${rules.players} players, but ${body.seats.length} seats were given.`, "players");
  }
  if (body.seats.every((s) => s.bot)) raise(400, "INVALID_REQUEST", "At least one seat must be a person.");
  if (body.you !== undefined && (body.you >= body.seats.length || body.seats[body.you].bot)) raise(400, "INVALID_REQUEST", "you: the creator's seat must be a person's seat.");
  const id = newTableId();
  const tokens = body.seats.map((s) => (s.bot ? null : newToken()));
  const table: TableRecord = {
    id,
    version: 0,
    state: createGame(rules, { seed: newSeed(), v: 2 }),
    seats: await Promise.all(
      body.seats.map(async (s, seat) => ({
        seat,
        name: s.name,
        bot: s.bot ?? null,
        tokenHash: tokens[seat] === null ? null : await hashToken(tokens[seat]),
      })),
    ),
  };
  const options = tableOptions(body);
  if (options) await saveTableOptions(c.env.DB, id, options); // read by the table object as it starts
  // The token travels in the fragment, which browsers never send: it stays out of server logs.
  const origin = publicOrigin(c);
  const seats: CreatedTable["seats"] = body.seats.map((s, seat) => ({
    seat,
    name: s.name,
    bot: s.bot ?? null,
    token: tokens[seat],
    link: tokens[seat] === null ? null : seatLink(origin, id, tokens[seat]),
  }));
  // The creator is the table's host (API.md additions); the seats' links are kept for the host's page.
  const hostKey = newHostKey();
  const host = { key: hostKey, link: hostLink(origin, id, hostKey) };
  await insertHost(c.env.DB, { tableId: id, key: hostKey, link: host.link, playerId, seats: seats.flatMap((s) => (s.link ? [{ seat: s.seat, link: s.link }] : [])) });
  // The creator's player keeps their own seat: "My games" follows them to every device. Linked
  // before the table starts, so the table object knows its player from the first load.
  const you = body.you ?? seats.findIndex((s) => s.link);
  if (playerId) await linkSeat(c.env.DB, { tableId: id, seat: you, playerId, link: seats[you].link! });
  const created = await stubFor(c, id).start(table);
  if (!created.ok) throw new FailureError(created);
  return c.json({ id, seats, host } satisfies CreatedTable, 201);
});

tables.get("/:id", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).readView(hash, knownTags(c.req.header("If-None-Match")));
  return viewResponse(c, r);
});

// A suggestion for the seat to act (read-only). Not cached: it is asked for, not polled.
tables.get("/:id/hint", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).readMoveHint(hash);
  if (!r.ok) throw new FailureError(r);
  const { ok: _, ...body } = r;
  return c.json(body, 200, { "Cache-Control": "private, no-store" });
});

// The whole game, once it is over (API.md additions: the game record).
tables.get("/:id/record", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).readRecord(hash);
  if (!r.ok) throw new FailureError(r);
  return c.json(r.record, 200, { "Cache-Control": "private, no-store" });
});

// Leaving and playing again (API.md additions).
tables.post("/:id/leave", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).leave(hash);
  if (!r.ok) throw new FailureError(r);
  return c.json({ seat: r.seat, bot: r.bot }, 200);
});

tables.post("/:id/rematch", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).rematch(hash, publicOrigin(c));
  if (!r.ok) throw new FailureError(r);
  return c.json({ id: r.id, seat: r.seat, token: r.token, link: r.link }, r.created ? 201 : 200);
});

// Ending by agreement (additive): propose or agree `{outcome: "score" | "annul"}`; DELETE declines.
tables.post("/:id/end", jsonBody(EndBodySchema), async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const stub = stubFor(c, id);
  const body = c.req.valid("json");
  const r = await stub.proposeEnd(hash, body.outcome);
  if (!r.ok) throw new FailureError(r);
  return c.json({ proposal: r.proposal, ended: r.ended }, 200);
});

tables.delete("/:id/end", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).declineEnd(hash);
  if (!r.ok) throw new FailureError(r);
  return c.json({ proposal: null }, 200);
});

// Where people's choices were clearly worse than the strong bot's, once the game is over.
tables.get("/:id/analysis", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const r = await stubFor(c, id).readAnalysis(hash);
  // Still being worked out in slices (worker/table/analysis.ts): accepted, ask again later.
  if (!r.ok && r.code === "ANALYSIS_PENDING") return c.json({ pending: true, message: r.message }, 202, { "Cache-Control": "private, no-store", "Retry-After": "3" });
  if (!r.ok) throw new FailureError(r);
  return c.json(r.analysis, 200, { "Cache-Control": "private, no-store" });
});

// The public story since a version (?from=N) and of the current hand: "since you were here".
tables.get("/:id/story", async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const from = Number(c.req.query("from") ?? 0);
  if (!Number.isInteger(from) || from < 0) raise(400, "INVALID_REQUEST", "from must be a version (a whole number from 0).");
  const r = await stubFor(c, id).readStory(hash, from);
  if (!r.ok) throw new FailureError(r);
  const { ok: _, ...body } = r;
  return c.json(body, 200, { "Cache-Control": "private, no-store" });
});

tables.post("/:id/actions", jsonBody(ActBodySchema, "INVALID_ACTION"), async (c) => {
  const id = c.req.param("id");
  const hash = await tokenHash(c, bearer(c));
  const stub = stubFor(c, id);
  const body = c.req.valid("json");
  return viewResponse(c, await stub.submitAction(hash, body.version, body.action));
});

// The socket names its seat in its first message (`{"type":"auth","token"}`), never in its URL:
// query strings end up in request logs. The table object accepts it and decides the seat.
tables.get("/:id/ws", async (c) => {
  const id = c.req.param("id");
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new FailureError(fail(426, "UPGRADE_REQUIRED", "This address speaks WebSocket only."));
  }
  const stub = stubFor(c, id);
  const headers = new Headers(c.req.raw.headers);
  // The query (an old client's ?token=) is left behind: the socket names its seat in a message.
  return stub.fetch(new Request(new URL(c.req.url).origin + new URL(c.req.url).pathname, { headers }));
});
