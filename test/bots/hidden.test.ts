// A bot sees only its seat's view. Changing what the seat cannot see (the other hands, the talon)
// never changes its decision, and the sampled states of the searching bot never put a card where
// the seat knows it is not.
import { describe, expect, it } from "vitest";
import { cardName, cloneState, seedRng, viewFor, type GameState } from "../../worker/engine";
import { deckOf, playableCards, randomStep } from "../../worker/engine/fast";
import { determinize } from "../../worker/bots/determinize";
import { easyBot } from "../../worker/bots/easy";
import { normalBot } from "../../worker/bots/normal";
import { strongBot } from "../../worker/bots/strong";
import { hint } from "../../worker/bots/hint";
import { randomSource } from "../../worker/engine";
import { deepFreeze, positions, PRESET_PLAYERS, rulesFor } from "./helpers";

/** The same position with the cards the seat to act cannot see dealt differently. */
function reshuffleHidden(state: GameState, seat: number, salt: number): GameState {
  const s = cloneState(state);
  const h = s.hand;
  const others = h.order.filter((x) => x !== seat);
  const pool = [...h.talon, ...h.discards, ...others.flatMap((x) => h.hands[x])];
  const rng = seedRng(`hide-${salt}`);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng[0] % (i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    rng[0] = (rng[0] * 1103515245 + 12345) >>> 0;
  }
  let k = 0;
  for (const x of others) h.hands[x] = h.hands[x].map(() => pool[k++]);
  h.talon = h.talon.map(() => pool[k++]);
  h.discards = h.discards.map(() => pool[k++]);
  return s;
}

const BOTS = { easy: easyBot, normal: normalBot, strong: strongBot };

describe("bots see only their view", () => {
  const rules = rulesFor("standard", 4);
  const states = positions(rules, "hidden", normalBot, 240).filter((_, i) => i % 6 === 0);

  it("decide the same when the hidden cards differ but the view is the same", () => {
    let compared = 0;
    for (const [i, state] of states.entries()) {
      const seat = state.toAct[0];
      const other = reshuffleHidden(state, seat, i);
      const view = viewFor(state, seat);
      const otherView = viewFor(other, seat);
      expect(otherView).toEqual(view);
      // The hidden parts really changed (else the test proves nothing) in most positions.
      if (JSON.stringify(other.hand.hands) !== JSON.stringify(state.hand.hands)) compared++;
      for (const [name, bot] of Object.entries(BOTS)) {
        const a = bot({ view: deepFreeze(viewFor(state, seat)), rules, random: randomSource(`r${i}`), budgetMs: 0.2 });
        const b = bot({ view: deepFreeze(otherView), rules, random: randomSource(`r${i}`), budgetMs: 0.2 });
        expect(b, `${name} at position ${i}`).toEqual(a);
      }
      expect(hint(otherView, rules)).toEqual(hint(view, rules));
    }
    expect(compared).toBeGreaterThan(states.length / 2);
  });
});

describe("determinize", () => {
  it.each(PRESET_PLAYERS)("respects what the seat has seen (%s, %i players)", (preset, players) => {
    const rules = rulesFor(preset, players);
    const states = positions(rules, `det-${preset}-${players}`, normalBot, 120, 4).filter((_, i) => i % 4 === 0);
    const rng = seedRng("det");
    for (const state of states) {
      const seat = state.toAct[0];
      const view = deepFreeze(viewFor(state, seat));
      for (let k = 0; k < 2; k++) {
        const sample = determinize(view, rules, rng);
        checkSample(state, sample, seat);
      }
    }
  });
});

function checkSample(real: GameState, sample: GameState, seat: number): void {
  const rh = real.hand, sh = sample.hand;
  // Same cards for the seat, same sizes everywhere, and the seat's own view unchanged.
  expect(sh.hands[seat]).toEqual(rh.hands[seat]);
  expect(sh.hands.map((c) => c.length)).toEqual(rh.hands.map((c) => c.length));
  expect(sh.talon.length).toBe(rh.talon.length);
  const { events: _e, ...sv } = viewFor(sample, seat);
  const { events: _f, ...rv } = viewFor(real, seat);
  expect(sv).toEqual(rv);
  // Every card of the deck exactly once (hands, talon, discards, tricks, trick, offer).
  const all = [...sh.hands.flat(), ...sh.talon, ...sh.discards, ...sh.tricks.flat().map((x) => x.card), ...sh.trick.map((x) => x.card)];
  if (sh.offer) all.push(sh.offer.card);
  expect(all.map(cardName).sort()).toEqual(deckOf(real.rules.deck).map(cardName).sort());
  // Cards shown face up, and the Weli at the cut, stay with the seat that took them.
  for (const e of real.events) {
    if (e.hand !== rh.no || e.seat === undefined || e.seat === seat || !e.cards) continue;
    if (e.kind === "weliCut" && rh.hands[e.seat].includes(35)) expect(sh.hands[e.seat]).toContain(35);
    if (e.kind === "leaveShown") for (const h of sh.hands) expect(h.map(cardName)).not.toContain(e.cards[0]);
  }
  // Voids: every card a seat played was legal with the hand the sample gives it (its cards now
  // plus those it played from that trick on).
  const tricks = [...sh.tricks, sh.trick];
  for (let t = 0; t < tricks.length; t++) {
    for (let i = 1; i < tricks[t].length; i++) {
      const { seat: s, card } = tricks[t][i];
      if (s === seat) continue;
      const later = tricks.slice(t).flat().filter((x) => x.seat === s).map((x) => x.card);
      const handThen = [...sh.hands[s], ...later];
      expect(playableCards(sample, handThen, tricks[t].slice(0, i)), `seat ${s} trick ${t}`).toContain(card);
    }
  }
  // And the sample plays on: the engine accepts it to the end of the hand.
  const s = cloneState(sample);
  const rng = seedRng("on");
  const no = s.hand.no;
  for (let i = 0; i < 200 && s.phase !== "over" && s.hand.no === no; i++) expect(randomStep(s, rng)).toBeNull();
}
