// A shuffle you can check (API.md additions): every view carries the SHA-256 of the seed, the same
// from the first view to the last, and after the game reveal.seed hashes to it; the record carries
// it too and verifies. A game of each preset, played to the end through the table API.
import { describe, expect, it } from "vitest";
import { verifyRecord, type GameRecord } from "../../worker/engine";
import { act, auth, chooseAction, createTable, fetchOrFail, BASE, stored, view } from "./helpers";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const GAMES = [
  { preset: "standard", players: 3 },
  { preset: "geiser", players: 4 },
  { preset: "murln", players: 2 },
  { preset: "bergxi", players: 4 },
];

describe("the shuffle commitment", () => {
  it.each(GAMES)("is constant through a $preset game of $players and is the revealed seed's SHA-256", async ({ preset, players }) => {
    const t = await createTable({
      rules: { preset, players, startPoints: 5, endAbove: 20 },
      seats: ["Anna", "Bernd", "Clara", "Dora"].slice(0, players).map((name) => ({ name })),
      autoPlay: false,
    });
    const first = await view(t.id, t.seats[0].token);
    expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.reveal).toBeUndefined();
    for (let step = 0; ; step++) {
      const s = await stored(t.id);
      if (s.state.phase === "over") break;
      const seat = s.state.toAct[0];
      const v = await view(t.id, t.seats[seat].token);
      expect(v.commitment).toBe(first.commitment);
      const other = await view(t.id, t.seats[(seat + 1) % players].token);
      expect(other.commitment).toBe(first.commitment);
      const res = await act(t.id, t.seats[seat].token, s.version, await chooseAction(v, s.state, `c${preset}${step}`));
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const end = await view(t.id, t.seats[players - 1].token);
    expect(end.commitment).toBe(first.commitment);
    expect(await sha256Hex((end.reveal as { seed: string }).seed)).toBe(first.commitment);

    const record = await (await fetchOrFail(`${BASE}/api/tables/${t.id}/record`, { headers: auth(t.seats[0].token) })).json<GameRecord>();
    expect(record.commitment).toBe(first.commitment);
    expect(verifyRecord(record, await sha256Hex(record.seed)).problems).toEqual([]);
    // A whole random game, three reads a move: a long bergxi game took 90 s in CI, 180 s under load.
  }, 420_000);
});
