// The table's host (API.md additions): the creator's key looks after a casual table. The host's
// page lists every human seat with its link again; the host gives a seat a new link (the old one
// stops at once), to another person (a new name), or to a bot. A league's tables have no host key:
// the league's admin looks after them (worker/api/leagues.ts).
import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { Env } from "../base/env";
import { FailureError, raise } from "../base/failure";
import { hashToken, newToken } from "../base/secrets";
import { BOT_NAMES } from "../bots";
import { unlinkSeat } from "../players/store";
import { HOST_KEY, hostFor, lastActed, seatLink, seatLinksOf, setSeatLink } from "../table/host-store";
import { jsonBody } from "./json-body";
import { bearer } from "./guard";
import { limitToken } from "./rate-limit";
import { nameField } from "./names";
import { stubFor } from "./tables";
import { ClockBodySchema } from "./schemas";
import { clockMs, HOUR_MS, type TableOptions } from "../deadlines/options";
import { publicOrigin } from "./public-origin";

type Ctx = Context<{ Bindings: Env }>;

export const host = new Hono<{ Bindings: Env }>();

/**
 * The request's bearer key must be this table's host key (401 otherwise: a seat token, a player
 * key or another table's host key open nothing here). Other routes that the host alone may use
 * (the clock, …) call this first.
 */
export async function requireHost(c: Ctx, tableId: string): Promise<{ playerId: string | null }> {
  stubFor(c, tableId); // a malformed id is a 404 before anything else
  const key = bearer(c);
  if (!key) return raise(401, "UNAUTHORIZED", "The host key is required (Authorization: Bearer hk_…).");
  if (!HOST_KEY.test(key)) return raise(401, "UNAUTHORIZED", "This is not a host key: a seat's link plays the seat, it does not look after the table.");
  const hash = await hashToken(key);
  await limitToken(c, hash);
  const found = await hostFor(c.env.DB, tableId, hash);
  if (!found) return raise(401, "UNAUTHORIZED", "This key does not look after this table.");
  return found;
}

const seatParam = (c: Ctx): number => {
  const seat = Number(c.req.param("seat"));
  if (!Number.isInteger(seat) || seat < 0 || seat > 4) return raise(404, "NOT_FOUND", "There is no such seat.");
  return seat;
};

const origin = (c: Ctx) => publicOrigin(c);

/** The host's page: every seat, whether its link has been opened, when it last acted, its link. */
async function hostPage(c: Ctx, id: string) {
  const facts = await stubFor(c, id).hostSeats();
  if (!facts.ok) throw new FailureError(facts);
  const [links, acted] = await Promise.all([seatLinksOf(c.env.DB, id), lastActed(c.env, id)]);
  const seats = facts.seats.map((s) => ({
    seat: s.seat,
    name: s.name,
    bot: s.bot,
    opened: s.openedAt !== null,
    openedAt: s.openedAt,
    lastActedAt: s.bot === null ? (acted.get(s.seat) ?? null) : null,
    link: s.bot === null ? (links.get(s.seat) ?? null) : null,
  }));
  return { id, phase: facts.phase, clock: clockOf(facts.clock), seats };
}

/** The clock as the API words it: hours per decision and what a time-out does, or none. */
const clockOf = (o: Pick<TableOptions, "decisionMs" | "onTimeout">) => (o.decisionMs === null ? null : { hours: o.decisionMs / HOUR_MS, onTimeout: o.onTimeout });

/** The shape the client's host page reads (a type-only import there). */
export type HostPage = Awaited<ReturnType<typeof hostPage>>;

host.get("/:id/host", async (c) => {
  const id = c.req.param("id");
  await requireHost(c, id);
  return c.json(await hostPage(c, id), 200, { "Cache-Control": "private, no-store" });
});

const NewLinkSchema = v.object({ name: v.optional(nameField(40, "name", "A seat needs a name.")) });

/** A new secret link for a human seat (API.md additions); with `name`, for another person. */
host.post("/:id/seats/:seat/link", jsonBody(NewLinkSchema), async (c) => {
  const id = c.req.param("id");
  await requireHost(c, id);
  const seat = seatParam(c);
  const body = c.req.valid("json");
  const token = newToken();
  const done = await stubFor(c, id).hostSeat(seat, { tokenHash: await hashToken(token), name: body.name });
  if (!done.ok) throw new FailureError(done);
  const link = seatLink(origin(c), id, token);
  // The old link's holder no longer has the seat: the player who kept it lets it go.
  await Promise.all([setSeatLink(c.env.DB, id, seat, link), unlinkSeat(c.env.DB, id, seat)]);
  return c.json({ seat, name: done.name, token, link }, 200, { "Cache-Control": "private, no-store" });
});

const BotSchema = v.object({ bot: v.optional(v.picklist(BOT_NAMES), "normal") });

/** A bot plays the seat from now on (its link opens nothing any more). */
host.post("/:id/seats/:seat/bot", jsonBody(BotSchema), async (c) => {
  const id = c.req.param("id");
  await requireHost(c, id);
  const seat = seatParam(c);
  const body = c.req.valid("json");
  const done = await stubFor(c, id).hostSeat(seat, { bot: body.bot });
  if (!done.ok) throw new FailureError(done);
  await Promise.all([setSeatLink(c.env.DB, id, seat, null), unlinkSeat(c.env.DB, id, seat)]);
  return c.json({ seat, name: done.name, bot: body.bot }, 200);
});

// The host sets the table's clock (additive): `{clock: {hours, onTimeout} | null}`; from the next decision on.
host.patch("/:id/clock", jsonBody(ClockBodySchema), async (c) => {
  const id = c.req.param("id");
  await requireHost(c, id);
  const body = c.req.valid("json");
  const r = await stubFor(c, id).setClock({ decisionMs: body.clock ? clockMs(body.clock.hours) : null, onTimeout: body.clock?.onTimeout ?? "botOnce" });
  if (!r.ok) throw new FailureError(r);
  return c.json({ clock: clockOf(r.options) }, 200);
});
