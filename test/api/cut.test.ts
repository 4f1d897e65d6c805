// The cut through the table API: a new table waits for its rearhand's number before any card is
// dealt (every seat's view says who cuts, nobody holds a card), the number is public once cut and
// changes nothing of the commitment; the record of the game is of dealing version 2, every deal
// with its cut, and verifies; a cut outside the range is refused with 400 and nothing applied.
import { describe, expect, it } from "vitest";
import { verifyRecord, type GameRecord } from "../../worker/engine";
import { act, auth, chooseAction, createTable, fetchOrFail, BASE, stored, view } from "./helpers";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("the cut", () => {
  it("comes before the deal, is shown to all, and every deal of the record carries its cut", async () => {
    const t = await createTable({ rules: { preset: "standard", players: 3, startPoints: 5, endAbove: 20 }, seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }], autoPlay: false });
    const s0 = await stored(t.id);
    expect(s0.state.v).toBe(2);
    const cutter = s0.state.toAct[0];
    const views = await Promise.all(t.seats.map((s) => view(t.id, s.token)));
    for (const v of views) {
      expect(v.phase).toBe("cut");
      expect(v.hand).toEqual([]);
      expect(v.cut).toEqual({ seat: cutter, value: null });
      expect(v.legal).toEqual(v.you === cutter ? [{ type: "cut", max: 4294967295 }] : []);
    }
    for (const bad of [-1, 4294967296, 0.5, "7"]) {
      const res = await act(t.id, t.seats[cutter].token, 0, { type: "cut", value: bad });
      expect(res.status).toBe(400);
    }
    expect((await stored(t.id)).version).toBe(0);
    expect((await act(t.id, t.seats[cutter].token, 0, { type: "cut", value: 31337 })).status).toBe(200);
    for (const s of t.seats) {
      const v = await view(t.id, s.token);
      expect(v.commitment).toBe(views[0].commitment);
      // A white hand shown at once is redealt, and that deal waits for a cut of its own.
      if (v.phase === "cut") expect(v.handNo).toBe(2);
      else {
        expect(v.cut).toEqual({ seat: cutter, value: 31337 });
        expect(v.hand.length).toBe(5);
      }
    }
    for (let step = 0; ; step++) {
      const s = await stored(t.id);
      if (s.state.phase === "over") break;
      expect(step).toBeLessThan(600);
      const seat = s.state.toAct[0];
      const v = await view(t.id, t.seats[seat].token);
      expect((await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, `cut${step}`))).status).toBe(200);
    }
    const record = await (await fetchOrFail(`${BASE}/api/tables/${t.id}/record`, { headers: auth(t.seats[0].token) })).json<GameRecord>();
    expect(record.v).toBe(2);
    expect(record.deals[0].cut).toBe(31337);
    expect(record.deals.every((d) => Number.isInteger(d.cut))).toBe(true);
    expect(record.actions.filter((a) => a.type === "cut").length).toBe(record.deals.length);
    expect(verifyRecord(record, await sha256Hex(record.seed))).toMatchObject({ ok: true, dealsChecked: record.deals.length });
  }, 180_000);
});
