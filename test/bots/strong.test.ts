// The searching level: which decisions it searches, that it is replayable, and that where it leaves
// the rules of thumb it plays better than they do.
import { describe, expect, it } from "vitest";
import { applyAction, applyInPlace, cloneState, createGame, randomSource, seedRng, viewFor, type Action, type GameState } from "../../worker/engine";
import { prepare } from "../../worker/bots/determinize";
import { normalBot } from "../../worker/bots/normal";
import { playOut } from "../../worker/bots/playout";
import { DEFAULT_BUDGET_MS, SEARCH_BIDDING_FROM_MS, strongBot, strongBotFor } from "../../worker/bots/strong";
import { positions, rulesFor } from "./helpers";

const rules = rulesFor("standard", 4);
const states = positions(rules, "strong-phases", normalBot, 400, 8);
const input = (i: number) => {
  const s = states[i];
  const seat = s.toAct[0];
  return { view: viewFor(s, seat), rules, random: randomSource(`strong:${i}`), budgetMs: 2 };
};

describe("strong", () => {
  it("takes the rules of thumb's choice in the phases it is not told to search", () => {
    const playOnly = strongBotFor(["play"]);
    let checked = 0;
    states.forEach((s, i) => {
      if (s.phase === "play") return;
      expect(playOnly(input(i))).toEqual(normalBot(input(i)));
      checked++;
    });
    expect(checked).toBeGreaterThan(20);
  });

  it("is replayable in a phase it is told to search", () => {
    const bidding = strongBotFor(["bidding"]);
    const at = states.map((s, i) => [s, i] as const).filter(([s]) => s.phase === "bidding");
    for (const [, i] of at.slice(0, 10)) expect(bidding(input(i))).toEqual(bidding(input(i)));
  });

  // Why this shows "better", and cheaply. Whole games are too noisy for a test: 150 games dealt
  // twice with the seats swapped gave z ≈ 1.3 on points (bench:bots needs ~1 200 games). So the
  // comparison is made decision by decision, where the two levels differ and nowhere else:
  //  - Positions: every decision with a choice in games the rules of thumb play against
  //    themselves (fixed seeds). At each, the strong bot decides at the table's budget; its budget
  //    is counted in playout steps, not read off a clock, so its choices are the same on every run
  //    and every machine, however loaded.
  //  - Where its choice differs from the rules of thumb's, both are judged by a reference ten or
  //    more times the bot's own search: REFERENCE_SAMPLES fresh deals of the cards the seat cannot
  //    see (drawn with another seed than the bot's), both actions played out on each deal to the
  //    end of the hand. The gain is the seat's points for the hand after the bot's action minus
  //    after the rules of thumb's, averaged over the deals (points count down: negative = better).
  //    Where the two agree, the gain is zero by definition; this pairing is what removes the noise.
  //  - The z printed is the mean gain over the deviations divided by its standard error across
  //    them. Measured: card play and exchange, ~115–160 deviations in 4 095 decisions, gain about
  //    −1.2 to −1.3 points of the hand per deviation, z between −7 and −8.7 (the assertion asks for
  //    −5: far outside the noise, yet not at the edge of what was measured).
  //  - Bidding, Mulatschak and trump: this test found the search's departures there at 2 ms worse
  //    than the rules of thumb (+1.5 ± 1.1 points each, z = +2.7; +2.1 ± 1.8, z = +2.3 with the
  //    gate widened for few samples), so the level searches them only from SEARCH_BIDDING_FROM_MS
  //    on and at the table's budget keeps the rules of thumb there. They are asked not to be
  //    clearly worse: lowering that threshold again fails this.
  // It fails when the search is broken: with the search replaced by the rules of thumb's choice
  // there are no deviations (the count assertion fails); with a random candidate or a random legal
  // card instead of the search, the deviations lose points and z turns positive.
  // What it cannot tell: the reference deals the hidden cards as the bot's own sampler does and
  // plays them out with the same fast rules of thumb, so a sampler or playout that is wrong in the
  // same way for both would go unseen here; bench:bots' whole games (true deals, both levels all
  // game) are the check of that, and it agrees (strong ahead of normal, README).
  it("plays better than the rules of thumb where it leaves them (paired, judged by a ten-times larger search)", () => {
    const gains: Record<"cards" | "bidding", number[]> = { cards: [], bidding: [] };
    let decisions = 0;
    for (let g = 0; g < GAMES; g++) {
      let state = createGame(rules, { seed: `better-${g}` });
      while (state.phase !== "over" && state.handsPlayed.length < 30) {
        const seat = state.toAct[0];
        const view = viewFor(state, seat);
        const seed = `better-${g}:${state.actionCount}`;
        const normal = normalBot({ view, rules, random: randomSource(seed), budgetMs: DEFAULT_BUDGET_MS });
        if (view.legal.length > 1 && state.phase !== "cut") {
          decisions++;
          const strong = strongBot({ view, rules, random: randomSource(seed), budgetMs: DEFAULT_BUDGET_MS });
          if (JSON.stringify(strong) !== JSON.stringify(normal)) {
            gains[state.phase === "play" || state.phase === "exchange" ? "cards" : "bidding"].push(gain(state, seat, strong, normal, seed));
          }
        }
        const next = applyAction(state, seat, normal);
        if (!next.ok) throw new Error(next.error.message);
        state = next.state;
      }
    }
    const cards = stats(gains.cards), bidding = stats(gains.bidding);
    console.log(
      `strong vs the rules of thumb over ${decisions} decisions, gain in points of the hand per deviation (negative: better):\n` +
        `  card play and exchange: ${cards.n} deviations, ${cards.mean.toFixed(2)} ± ${(1.96 * cards.se).toFixed(2)} (95%), z = ${cards.z.toFixed(1)}\n` +
        `  bidding, Mulatschak, trump: ${bidding.n} deviations, ${bidding.mean.toFixed(2)} ± ${(1.96 * bidding.se).toFixed(2)} (95%), z = ${bidding.z.toFixed(1)}`,
    );
    expect(DEFAULT_BUDGET_MS).toBeLessThan(SEARCH_BIDDING_FROM_MS); // what the comment above says
    expect(decisions).toBeGreaterThan(2500);
    expect(cards.n).toBeGreaterThanOrEqual(60);
    expect(cards.z).toBeLessThan(-5);
    expect(bidding.z).toBeLessThan(2);
  }, 180_000); // ~8 s of CPU alone; the two cores are shared
});

/** Games the rules of thumb play against themselves for the paired test. */
const GAMES = 24;
/** Deals per judged deviation: the bot's own search gets ~5–20 at 2 ms. */
const REFERENCE_SAMPLES = 100;

/** The seat's points for the hand after `a` minus after `b`, averaged over sampled deals of what it cannot see. */
function gain(state: GameState, seat: number, a: Action, b: Action, seed: string): number {
  const sampler = prepare(viewFor(state, seat), rules);
  const rng = seedRng(`reference:${seed}`);
  const work = { steps: 0 };
  let sum = 0;
  for (let i = 0; i < REFERENCE_SAMPLES; i++) {
    const deal = sampler.sample(rng);
    const points = [a, b].map((action) => {
      const s = cloneState(deal);
      if (applyInPlace(s, seat, action)) throw new Error(`${JSON.stringify(action)} not legal in a sample`);
      return playOut(s, rng, work)[seat];
    });
    sum += points[0] - points[1];
  }
  return sum / REFERENCE_SAMPLES;
}

function stats(x: number[]): { n: number; mean: number; se: number; z: number } {
  const n = x.length;
  const mean = x.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const sd = Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  const se = sd / Math.sqrt(Math.max(1, n));
  return { n, mean, se, z: se > 0 ? mean / se : 0 };
}
