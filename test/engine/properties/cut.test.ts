// The cut (dealing version 2): every cut gives a whole, valid deal, the deal follows the README's
// construction (SHA-256 of seed, deal number and cut, computed here by node:crypto, not the
// engine), the seed and so the commitment do not move, and a record verifies only with the cuts
// it was played with. Old records (no version) are checked in verify.test.ts, unchanged.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAction, buildRecord, cardName, createGame, legalSummary, seedRng, verifyRecord, type GameRecord } from "../../../worker/engine";
import { shuffle } from "../../../worker/engine/fast";
import { deckNames } from "../kit/deck";
import { CONFIGS, rulesFor, runs, walk, type Config } from "../kit/game-walk";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const names = (n: number) => ["Anna", "Bernd", "Clara", "Dora", "Emil"].slice(0, n);
const cut = fc.integer({ min: 0, max: 0xffffffff });

/** The deck of the README's step 3, shuffled by the generator of step 2 seeded as the cut says. */
function readmeDeck(seed: string, no: number, value: number, size: 33 | 36): string[] {
  const order = deckNames(size); // card order: suits E L H S, ranks A K O U 10 9 8 7 6, the Weli last
  return shuffle(seedRng(sha(`muli-deal/2:${seed}:${no}:${value}`)), order);
}

describe.each(CONFIGS.map((c) => ({ name: `${c.preset}, ${c.players} players`, c })))("cut: $name", ({ c }) => {
  const rules = rulesFor(c);
  it("every cut deals a whole deck the README's way; the seed stays; nobody sees cards before the cut", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: c.players - 1 }), cut, (n, dealer, value) => {
        const seed = `seed-${n}`;
        const state = createGame(rules, { seed, dealer, v: 2 });
        expect(state.phase).toBe("cut");
        const cutter = state.hand.cutter!;
        expect(state.toAct).toEqual([cutter]);
        expect(legalSummary(state, cutter)).toEqual([{ type: "cut", max: 0xffffffff }]);
        expect(state.hand.hands.every((h) => h.length === 0)).toBe(true);
        const r = applyAction(state, cutter, { type: "cut", value });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const after = r.state;
        expect(after.seed).toBe(seed); // the commitment is SHA-256 of the seed: unchanged by any cut
        fc.pre(after.phase !== "cut"); // a white hand shown at once: the redeal waits for its own cut
        const h = after.hand;
        expect(h.cut).toBe(value);
        const dealt = [...h.hands.flat(), ...h.talon].map(cardName).sort();
        expect(dealt).toEqual(deckNames(rules.deck).sort());
        for (const s of h.order) expect(h.hands[s].length).toBe(5);
        // The README's construction, step by step: a Weli at the bottom to the cutter, then packets
        // of 3 and 2 from the top in speaking order, the rest the talon.
        const deck = readmeDeck(seed, h.no, value, rules.deck);
        const expected: string[][] = h.hands.map(() => []);
        if (h.weliCutBy !== null) expected[h.weliCutBy].push(deck.pop()!);
        let top = 0;
        for (const packet of [3, 2]) {
          for (const s of h.order) {
            const want = packet === 2 && s === h.weliCutBy ? 1 : packet;
            expected[s].push(...deck.slice(top, top + want));
            top += want;
          }
        }
        expect(h.hands.map((x) => x.map(cardName))).toEqual(expected);
        expect(h.talon.map(cardName)).toEqual(deck.slice(top));
      }),
      { numRuns: runs(20) },
    );
  });
});

describe("the cut", () => {
  const c: Config = { preset: "standard", players: 4 };
  const rules = rulesFor(c);

  it("changes the deal: two cuts of one seed deal differently", () => {
    const dealOf = (value: number) => {
      const s = createGame(rules, { seed: "one seed", dealer: 0, v: 2 });
      const r = applyAction(s, s.toAct[0], { type: "cut", value });
      if (!r.ok) throw new Error(r.error.message);
      return JSON.stringify(r.state.hand.hands);
    };
    const deals = new Set([0, 1, 2, 0xffffffff, 123456789].map(dealOf));
    expect(deals.size).toBe(5);
  });

  it("refuses what is not a cut, and anything but the cut before the deal, changing nothing", () => {
    const s = createGame(rules, { seed: "x", dealer: 0, v: 2 });
    const cutter = s.toAct[0];
    const before = JSON.stringify(s);
    for (const value of [-1, 2 ** 32, 1.5]) {
      const r = applyAction(s, cutter, { type: "cut", value });
      expect(r.ok ? null : r.error.code).toBe("INVALID_ACTION");
    }
    expect(applyAction(s, cutter, { type: "noMulatschak" }).ok).toBe(false);
    expect(applyAction(s, (cutter + 1) % 4, { type: "cut", value: 1 }).ok ? null : "refused").toBe("refused");
    expect(JSON.stringify(s)).toBe(before);
    // A game of version 1 (every state and record made before the cut) has no cut at all.
    const old = createGame(rules, { seed: "x", dealer: 0 });
    expect(old.v).toBe(1);
    expect(old.phase).not.toBe("cut");
    expect(applyAction(old, old.toAct[0], { type: "cut", value: 1 }).ok).toBe(false);
  });

  it("a record verifies with its cuts; a changed cut, or one changed card, fails", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(cut, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), fc.nat(), (n, cuts, picks, pick) => {
        const spec = { seed: `seed-${n}`, dealer: n % 4, picks, cuts };
        const { actions } = walk(c, spec, 400);
        const built = buildRecord({ v: 2, rules, seed: spec.seed, dealer: spec.dealer, players: names(4), actions });
        if (!built.ok) throw new Error(`record refused action ${built.index}`);
        const record: GameRecord = { ...copy(built.record), commitment: sha(spec.seed) };
        expect(record.v).toBe(2);
        expect(record.deals.every((d) => typeof d.cut === "number")).toBe(true);
        expect(verifyRecord(record, sha(record.seed))).toEqual({ ok: true, dealsChecked: record.deals.length, problems: [] });

        // The cutter's action names another number: the seed then deals other cards than the record's.
        const k = pick % record.deals.length;
        const cutIndexes = record.actions.flatMap((a, i) => (a.type === "cut" ? [i] : []));
        const changed = copy(record);
        const a = changed.actions[cutIndexes[k]] as { value: number };
        a.value = (a.value + 1) % 2 ** 32;
        const byAction = verifyRecord(changed, sha(changed.seed));
        expect(byAction.ok).toBe(false);
        expect(byAction.problems.join("\n")).toMatch(new RegExp(`deal ${k + 1}`));

        // Only the deal's cut is changed: it is not the one the cutter named.
        const dealCut = copy(record);
        dealCut.deals[k].cut = (dealCut.deals[k].cut! + 1) % 2 ** 32;
        expect(verifyRecord(dealCut, sha(dealCut.seed)).problems).toContain(`deal ${k + 1}: the cut is not the one the cutter's action named`);

        // One card swapped between a hand and the talon.
        const card = copy(record);
        const d = card.deals[k];
        const s = d.hands.findIndex((h) => h.length > 0);
        [d.hands[s][0], d.talon[0]] = [d.talon[0], d.hands[s][0]];
        const byCard = verifyRecord(card, sha(card.seed));
        expect(byCard.ok).toBe(false);
        expect(byCard.problems.join("\n")).toMatch(new RegExp(`deal ${k + 1}`));

        // Read without its version, the same record is a version-1 game, which these deals are not.
        const unversioned = copy(record);
        delete unversioned.v;
        expect(verifyRecord(unversioned, sha(unversioned.seed)).ok).toBe(false);
      }),
      { numRuns: runs(15) },
    );
  }, 120_000);
});
