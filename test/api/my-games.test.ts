// "My games" stays one short read however many games a player has had (issue 28): every running
// seat and the newest finished ones in the profile, older finished seats a page at a time
// (`GET /api/players/me/seats?after=`), each seat's link opened only when it is shown.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auth, createTable, post } from "./helpers";
import { createPlayer, linkSeat, playerRequest } from "./correspondence";

interface MySeat {
  table: string;
  seat: number;
  phase: string;
  link: string;
}
type Seats = { seats: MySeat[]; moreFinished: string | null };

const TWO = { rules: { preset: "standard", players: 2, startPoints: 5, endAbove: 20 }, seats: [{ name: "Anna" }, { name: "Bernd" }], autoPlay: false };

describe("My games", () => {
  it("lists the running seats and the ten newest finished ones; older finished seats come a page at a time", async () => {
    const p = await createPlayer("Viele", { language: "en" });
    // Thirteen games ended by agreement (annulled), one a millisecond after the other, and two running.
    const finished: string[] = [];
    for (let i = 0; i < 13; i++) {
      const t = await createTable(TWO);
      await linkSeat(p.key, t.id, t.seats[0].token);
      for (const s of t.seats) expect((await post(`/api/tables/${t.id}/end`, { outcome: "annul" }, auth(s.token))).status).toBe(200);
      finished.push(t.id);
    }
    const running: string[] = [];
    for (let i = 0; i < 2; i++) {
      const t = await createTable(TWO);
      await linkSeat(p.key, t.id, t.seats[1].token);
      running.push(t.id);
    }

    // The first read sees the ended games over and marks them finished (the archive does too).
    const profile = async () => (await (await playerRequest(p.key, "GET", "")).json()) as Seats;
    await profile();
    const first = await profile();
    const shownRunning = first.seats.filter((s) => s.phase !== "over").map((s) => s.table);
    expect(shownRunning.sort()).toEqual([...running].sort());
    const shownFinished = first.seats.filter((s) => s.phase === "over");
    expect(shownFinished).toHaveLength(10);
    expect(shownFinished.every((s) => s.link.includes(s.table))).toBe(true);
    expect(first.moreFinished).not.toBeNull();

    // The rest, a page at a time, newest first, none twice, until there are no more.
    const seen = new Set(shownFinished.map((s) => s.table));
    let after = first.moreFinished;
    let pages = 0;
    while (after !== null) {
      const res = await playerRequest(p.key, "GET", `/seats?after=${encodeURIComponent(after)}&limit=2`);
      expect(res.status, await res.clone().text()).toBe(200);
      const page = (await res.json()) as Seats;
      for (const s of page.seats) {
        expect(seen.has(s.table)).toBe(false);
        expect(s.phase).toBe("over");
        seen.add(s.table);
      }
      after = page.moreFinished;
      pages++;
    }
    expect([...seen].sort()).toEqual([...finished].sort());
    expect(pages).toBeGreaterThanOrEqual(1);

    // The running read leaves finished seats out: the directory row says so.
    const marked = await env.DB.prepare("SELECT count(*) AS n FROM player_seats WHERE player_id = ? AND finished_at IS NOT NULL").bind(p.id).first<{ n: number }>();
    expect(marked?.n).toBe(13);
    // Bad paging is a 400 with a code.
    for (const q of ["", "?after=abc", "?after=5:t_x:0&limit=0", "?after=5:t_x:0&limit=51"]) {
      const res = await playerRequest(p.key, "GET", `/seats${q}`);
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
    }
  }, 120_000);
});
