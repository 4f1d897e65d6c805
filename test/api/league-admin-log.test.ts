// The admin log and the undo of a removal (issue 18): every admin action is logged on the league
// page; a removal by the admin can be undone within a minute, once, and gives back the seats a bot
// still holds; later it cannot.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, auth, post, startRound } from "./helpers";

interface Created {
  id: string;
  adminKey: string;
  invite: string;
}
interface LogEntry {
  id: number;
  action: string;
  at: number;
  data: Record<string, unknown>;
  undoUntil: number | null;
  undone: boolean;
}
interface Page {
  members: { id: string; status: string }[];
  rounds: { tables: { tableId: string; status: string; seats: { member: string | null }[]; link: string | null }[] }[];
  adminLog: LogEntry[] | null;
}

const get = (path: string, key?: string | null) => SELF.fetch(BASE + path, { headers: key ? auth(key) : {} });
const del = (path: string, key: string) => SELF.fetch(BASE + path, { method: "DELETE", headers: auth(key) });
const page = async (l: Created, key: string | null = l.adminKey): Promise<Page> => {
  const res = await get(`/api/leagues/${l.id}`, key);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const code = async (res: Response) => (await res.json<{ error: { code: string } }>()).error.code;

async function leagueWithRound(names: string[], extra: Record<string, unknown> = {}) {
  const res = await post("/api/leagues", { name: "Klub", rules: { preset: "standard" }, tableSize: 3, decisionHours: null, ...extra });
  expect(res.status).toBe(201);
  const l = await res.json<Created>();
  const members: { id: string; key: string; name: string }[] = [];
  for (const name of names) {
    const r = await (await post(`/api/leagues/${l.id}/join`, { invite: l.invite, name })).json<{ member: { id: string }; key: string }>();
    members.push({ id: r.member.id, key: r.key, name });
  }
  await startRound(l.id, l.adminKey);
  return { l, members };
}

describe("the admin log", () => {
  it("lists every admin action, newest first, for the admin and the members, not for guests", async () => {
    const { l, members } = await leagueWithRound(["Anna", "Bernd", "Clara", "Dora", "Emil", "Franz"], { visibility: "public" });
    const [t1, t2] = (await page(l)).rounds[0].tables;
    expect((await post(`/api/leagues/${l.id}/tables/${t1.tableId}/decide`, { outcome: "annul" }, auth(l.adminKey))).status).toBe(200);
    const seated = t2.seats.findIndex((s) => s.member !== null);
    expect((await post(`/api/leagues/${l.id}/tables/${t2.tableId}/seats/${seated}`, { member: null }, auth(l.adminKey))).status).toBe(200);
    expect((await post(`/api/leagues/${l.id}/rounds/1/deadline`, { days: 2 }, auth(l.adminKey))).status).toBe(200);
    expect((await post(`/api/leagues/${l.id}/invite`, {}, auth(l.adminKey))).status).toBe(200);
    const banned = members.find((m) => !t2.seats.some((s) => s.member === m.id))!;
    expect((await post(`/api/leagues/${l.id}/members/${banned.id}/ban`, {}, auth(l.adminKey))).status).toBe(200);
    // A member leaving by themself is not an admin action.
    const leaver = members.find((m) => m.id !== banned.id && !t2.seats.some((s) => s.member === m.id))!;
    expect((await del(`/api/leagues/${l.id}/members/${leaver.id}`, leaver.key)).status).toBe(200);

    const log = (await page(l)).adminLog!;
    expect(log.map((e) => e.action)).toEqual(["memberBanned", "inviteRotated", "deadlineExtended", "seatGiven", "tableDecided", "roundStarted"]);
    expect(log[0].data).toMatchObject({ member: banned.id, name: banned.name });
    expect(log[3].data).toMatchObject({ tableId: t2.tableId, seat: seated, to: null, toName: "Bot" });
    expect(log[4].data).toMatchObject({ tableId: t1.tableId, outcome: "annulled" });
    expect(log.every((e) => e.undoUntil === null && !e.undone)).toBe(true);
    const member = members.find((m) => m.id !== banned.id && m.id !== leaver.id)!;
    expect((await page(l, member.key)).adminLog!.map((e) => e.action)).toEqual(log.map((e) => e.action));
    expect((await page(l, null)).adminLog).toBeNull();
  });
});

describe("undoing a removal", () => {
  it("brings the member and their seat back within the minute, once; a member's key cannot undo", async () => {
    const { l, members } = await leagueWithRound(["Anna", "Bernd", "Clara"]);
    const table = (await page(l)).rounds[0].tables[0];
    const anna = members[0];
    const seat = table.seats.findIndex((s) => s.member === anna.id);
    const removed = await del(`/api/leagues/${l.id}/members/${anna.id}`, l.adminKey);
    expect(removed.status).toBe(200);
    const { undo, seats } = await removed.json<{ undo: { entry: number; until: number }; seats: { tableId: string; seat: number }[] }>();
    expect(seats).toEqual([{ tableId: table.tableId, round: 1, seat }]);
    expect(undo.until - Date.now()).toBeGreaterThan(50_000);
    expect(undo.until - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await page(l)).rounds[0].tables[0].seats[seat].member).toBeNull();
    expect((await get(`/api/leagues/${l.id}`, anna.key)).status).toBe(401);

    // Only the admin undoes.
    const byMember = await post(`/api/leagues/${l.id}/admin-log/${undo.entry}/undo`, {}, auth(members[1].key));
    expect(byMember.status).toBe(403);

    const res = await post(`/api/leagues/${l.id}/admin-log/${undo.entry}/undo`, {}, auth(l.adminKey));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ member: anna.id, status: "active", seats: [{ tableId: table.tableId, round: 1, seat }] });
    const after = await page(l);
    expect(after.members.find((m) => m.id === anna.id)?.status).toBe("active");
    expect(after.rounds[0].tables[0].seats[seat].member).toBe(anna.id);
    expect(after.adminLog!.map((e) => [e.action, e.undone])).toEqual([
      ["removalUndone", false],
      ["memberRemoved", true],
      ["roundStarted", false],
    ]);
    expect(after.adminLog![1].undoUntil).toBeNull();
    // Her key opens the league again, and her page links the seat with a new token.
    const hers = await page(l, anna.key);
    expect(hers.rounds[0].tables[0].link).toMatch(new RegExp(`/t/${table.tableId}#`));
    const token = new URL(hers.rounds[0].tables[0].link!).hash.slice(1);
    expect((await SELF.fetch(`${BASE}/api/tables/${table.tableId}`, { headers: auth(token) })).status).toBe(200);

    const again = await post(`/api/leagues/${l.id}/admin-log/${undo.entry}/undo`, {}, auth(l.adminKey));
    expect(again.status).toBe(409);
    expect(await code(again)).toBe("ALREADY_UNDONE");
  });

  it("is refused once the minute is over, for other actions, and for an unknown entry", async () => {
    const { l, members } = await leagueWithRound(["Anna", "Bernd", "Clara"]);
    const removed = await (await del(`/api/leagues/${l.id}/members/${members[0].id}`, l.adminKey)).json<{ undo: { entry: number } }>();
    // The minute passes (moved back in D1 rather than waited for).
    await env.DB.prepare("UPDATE league_admin_log SET undo_until = ? WHERE id = ?").bind(Date.now() - 1, removed.undo.entry).run();
    const late = await post(`/api/leagues/${l.id}/admin-log/${removed.undo.entry}/undo`, {}, auth(l.adminKey));
    expect(late.status).toBe(409);
    expect(await code(late)).toBe("UNDO_EXPIRED");
    expect((await page(l)).members.find((m) => m.id === members[0].id)?.status).toBe("removed");

    const started = (await page(l)).adminLog!.find((e) => e.action === "roundStarted")!;
    const other = await post(`/api/leagues/${l.id}/admin-log/${started.id}/undo`, {}, auth(l.adminKey));
    expect(other.status).toBe(409);
    expect(await code(other)).toBe("NOT_UNDOABLE");
    expect((await post(`/api/leagues/${l.id}/admin-log/999999/undo`, {}, auth(l.adminKey))).status).toBe(404);
    expect((await post(`/api/leagues/${l.id}/admin-log/abc/undo`, {}, auth(l.adminKey))).status).toBe(404);
  });
});
