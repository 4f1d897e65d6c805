// The table's host (API.md additions): the creator's key, the host's page (every seat's link
// again, sealed at rest), a new link for a seat (the old token refused at once, its sockets
// closed), a seat handed to a bot or to another person; and every refusal.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, FOUR_HUMANS, auth, createTable, fetchOrFail, getView, post } from "./helpers";
import { TestSocket } from "./socket";

interface Hosted {
  id: string;
  seats: { seat: number; name: string; bot: string | null; token: string | null; link: string | null }[];
  host: { key: string; link: string };
}

const hostPage = (id: string, key: string) => fetchOrFail(`${BASE}/api/tables/${id}/host`, { headers: auth(key) });
const newLink = (id: string, seat: number, key: string, body: unknown = {}) => post(`/api/tables/${id}/seats/${seat}/link`, body, auth(key));

describe("the table's host", () => {
  it("POST /api/tables answers the host's key and link; the key is stored hashed, the links sealed", async () => {
    const t = (await createTable()) as unknown as Hosted;
    expect(t.host.key).toMatch(/^hk_[A-Za-z0-9_-]{32}$/);
    expect(t.host.link).toBe(`${BASE}/t/${t.id}/host#${t.host.key}`);
    const row = await env.DB.prepare("SELECT * FROM table_hosts WHERE table_id = ?").bind(t.id).first<Record<string, string>>();
    expect(JSON.stringify(row)).not.toContain(t.host.key);
    expect(row!.link).toMatch(/^v1\./);
    const links = await env.DB.prepare("SELECT link FROM seat_links WHERE table_id = ? ORDER BY seat").bind(t.id).all<{ link: string }>();
    expect(links.results).toHaveLength(4);
    for (const [i, l] of links.results.entries()) {
      expect(l.link).toMatch(/^v1\./);
      expect(l.link).not.toContain(t.seats[i].token!);
    }
  });

  it("the host's page shows every seat: name, opened or not, last acted, its link again", async () => {
    const t = (await createTable({ ...FOUR_HUMANS, seats: [{ name: "Anna" }, { name: "Bot", bot: "easy" }, { name: "Clara" }, { name: "Dora" }] })) as unknown as Hosted;
    await getView(t.id, t.seats[0].token); // Anna opens her seat
    const res = await hostPage(t.id, t.host.key);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { seats: { seat: number; name: string; bot: string | null; opened: boolean; lastActedAt: number | null; link: string | null }[] };
    expect(page.seats.map((s) => [s.name, s.opened, s.link])).toEqual([
      ["Anna", true, t.seats[0].link],
      ["Bot", false, null],
      ["Clara", false, t.seats[2].link],
      ["Dora", false, t.seats[3].link],
    ]);
    expect(page.seats.every((s) => s.lastActedAt === null)).toBe(true);
  });

  it("a new link: the old token is 401 at once and its socket closed; the new one plays the seat", async () => {
    const t = (await createTable()) as unknown as Hosted;
    const sock = await TestSocket.open(t.id, t.seats[1].token);
    if (sock instanceof Response) throw new Error(`socket refused: ${sock.status}`);
    const closed = sock.closed();
    const res = await newLink(t.id, 1, t.host.key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { seat: number; token: string; link: string };
    expect(body.seat).toBe(1);
    expect(body.link).toBe(`${BASE}/t/${t.id}#${body.token}`);
    expect(body.token).not.toBe(t.seats[1].token);
    expect(await closed).toBe(4003);
    expect((await getView(t.id, t.seats[1].token)).status).toBe(401);
    const fresh = await getView(t.id, body.token);
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { you: number }).you).toBe(1);
    // The host's page now hands out the new link, not yet opened by anyone... until it is.
    const page = (await (await hostPage(t.id, t.host.key)).json()) as { seats: { link: string; opened: boolean }[] };
    expect(page.seats[1]).toMatchObject({ link: body.link, opened: true });
  });

  it("a seat for another person takes its new name; a seat for a bot has no link and plays on", async () => {
    const t = (await createTable()) as unknown as Hosted;
    const res = await newLink(t.id, 2, t.host.key, { name: "Emil" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe("Emil");
    const v = (await (await getView(t.id, t.seats[0].token)).json()) as { players: { name: string }[] };
    expect(v.players[2].name).toBe("Emil");
    const bot = await post(`/api/tables/${t.id}/seats/3/bot`, { bot: "easy" }, auth(t.host.key));
    expect(bot.status).toBe(200);
    expect((await getView(t.id, t.seats[3].token)).status).toBe(401);
    const page = (await (await hostPage(t.id, t.host.key)).json()) as { seats: { bot: string | null; link: string | null }[] };
    expect(page.seats[3]).toMatchObject({ bot: "easy", link: null });
    // A bot seat has no link to give.
    const again = await newLink(t.id, 3, t.host.key);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("BOT_SEAT");
  });

  it("refusals: a seat token, another table's host key, no key, a malformed key; unknown seats and tables", async () => {
    const t = (await createTable()) as unknown as Hosted;
    const other = (await createTable()) as unknown as Hosted;
    const code = async (r: Response) => ((await r.json()) as { error: { code: string } }).error.code;
    for (const key of [t.seats[0].token!, other.host.key, "hk_" + "x".repeat(32), t.host.key.slice(0, 20)]) {
      const r = await newLink(t.id, 1, key);
      expect(r.status, key).toBe(401);
      expect(await code(r)).toBe("UNAUTHORIZED");
      expect((await hostPage(t.id, key)).status).toBe(401);
    }
    const none = await fetchOrFail(`${BASE}/api/tables/${t.id}/seats/1/link`, { method: "POST" });
    expect(none.status).toBe(401);
    // The refused attempts changed nothing: the seat's token still plays.
    expect((await getView(t.id, t.seats[1].token)).status).toBe(200);
    expect((await newLink(t.id, 4, t.host.key)).status).toBe(404);
    expect((await newLink(t.id, 9, t.host.key)).status).toBe(404);
    expect((await newLink(t.id, -1, t.host.key)).status).toBe(404);
    expect((await newLink("t_nosuchtable0000000", 1, t.host.key)).status).toBe(404);
    expect((await newLink(t.id, 1, t.host.key, { name: "" })).status).toBe(400);
  });

  it("the creator's player keeps their seat and the host link", async () => {
    const p = (await (await post("/api/players", { name: "Anna" })).json()) as { key: string };
    const res = await post("/api/tables", { ...FOUR_HUMANS, you: 2 }, auth(p.key));
    expect(res.status).toBe(201);
    const t = (await res.json()) as Hosted;
    const me = (await (await fetchOrFail(`${BASE}/api/players/me`, { headers: auth(p.key) })).json()) as { seats: { table: string; seat: number; link: string }[]; hosted: { table: string; link: string }[] };
    expect(me.seats).toEqual([expect.objectContaining({ table: t.id, seat: 2, link: t.seats[2].link })]);
    expect(me.hosted).toEqual([expect.objectContaining({ table: t.id, link: t.host.link })]);
    // A new link for that seat: the player's old one is let go (it would open nothing).
    await newLink(t.id, 2, t.host.key);
    const after = (await (await fetchOrFail(`${BASE}/api/players/me`, { headers: auth(p.key) })).json()) as { seats: unknown[] };
    expect(after.seats).toEqual([]);
  });
});
