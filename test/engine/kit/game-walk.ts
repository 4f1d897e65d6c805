// Random games for the property tests: every preset with every player count it allows, a random
// seed and random start points, and a stream of choices that picks one of the listed legal actions
// at each step. The walk reports every step (state before, seat, action, state after) to a callback.
import fc from "fast-check";
import { applyAction, createGame, legalActions, resolveRules, type Action, type GameState, type Rules } from "../../../worker/engine";

export interface Config {
  preset: "standard" | "geiser" | "murln" | "bergxi";
  players: number;
  /** House rules on top of the preset. */
  house?: Record<string, unknown>;
}

/** A readable name for test titles. */
export const nameOf = (c: Config): string =>
  `${c.preset}, ${c.players} players` + (c.house ? ` + ${Object.entries(c.house).map(([k, v]) => `${k}=${v}`).join(" ")}` : "");

export const CONFIGS: Config[] = [
  ...(["standard", "geiser", "murln"] as const).flatMap((preset) => [2, 3, 4, 5].map((players) => ({ preset, players }))),
  ...[2, 3, 4].map((players) => ({ preset: "bergxi" as const, players })),
];

/** Presets with house rules that switch the remaining options to their other values. */
export const HOUSE_CONFIGS: Config[] = [
  { preset: "standard", players: 4, house: { mustHead: false } },
  { preset: "standard", players: 3, house: { mustTrump: false } },
  { preset: "geiser", players: 4, house: { mustHead: false, mustTrump: false, heartsDouble: false } },
  { preset: "standard", players: 4, house: { bidding: "auction", mulatschakCall: "inBidding", whiteHand: "fold", oneBidHearts: true } },
  { preset: "murln", players: 4, house: { faceUp: "off", stayHome: false, whiteHand: "off", minBid: 2 } },
  { preset: "bergxi", players: 4, house: { stayHome: 1, shortTalonOut: false, endAbove: false, outAbove: 60 } },
  { preset: "standard", players: 5, house: { fiveDealerSitsOut: false, maxExchange: 2, weliCut: "off" } },
  { preset: "bergxi", players: 3, house: { faceUp: "app", bidding: "single", mulatschakCall: "round" } },
];

/** Every preset and player count, then the house-rule variants. */
export const ALL_CONFIGS = (): { name: string; c: Config }[] => [...CONFIGS, ...HOUSE_CONFIGS].map((c) => ({ name: nameOf(c), c }));

export function rulesFor(c: Config): Rules {
  const r = resolveRules({ ...c.house, preset: c.preset, players: c.players });
  if (!r.ok) throw new Error(`${c.preset}/${c.players}: ${r.error.message}`);
  return r.rules;
}

export interface GameSpec {
  seed: string;
  dealer: number;
  /** undefined = the preset's start points */
  points?: number[];
  /** picks: one number per step, used modulo the number of choices (cycled when exhausted) */
  picks: number[];
  /** Dealing version 2: the game is cut before every deal, with these numbers in turn (cycled). */
  cuts?: number[];
}

/**
 * Seeds, first dealer and start points. Points are drawn either as the preset's start or at
 * random up to the end threshold, so that hands end games (<= 0, out, endAbove) often.
 */
export function gameSpec(c: Config): fc.Arbitrary<GameSpec> {
  const rules = rulesFor(c);
  const top = rules.endAbove !== false ? rules.endAbove : rules.outAbove !== false ? rules.outAbove : 100;
  const points = fc.oneof(
    fc.constant(undefined),
    fc.array(fc.integer({ min: 1, max: 12 }), { minLength: c.players, maxLength: c.players }),
    fc.array(fc.integer({ min: 1, max: top }), { minLength: c.players, maxLength: c.players }),
  );
  return fc.record({
    seed: fc.integer({ min: 0, max: 1e9 }).map((n) => `seed-${n}`),
    dealer: fc.integer({ min: 0, max: c.players - 1 }),
    points,
    picks: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  });
}

export function newGame(c: Config, spec: GameSpec): GameState {
  return createGame(rulesFor(c), { seed: spec.seed, dealer: spec.dealer, points: spec.points, v: spec.cuts ? 2 : 1 });
}

export interface Step {
  before: GameState;
  seat: number;
  action: Action;
  after: GameState;
  legal: Action[];
  index: number;
}

/**
 * Choose a legal action from `picks[i]`: first a kind (action type; exchanges by how many cards),
 * then one of that kind, so that rare choices (five on the Sau, a Bruckn, dropping out, folding)
 * come up as often as common ones. A Mulatschak is offered to every seat in turn, so it is taken
 * only one time in twelve, or most hands would be Mulatschak hands.
 */
export function choose(legal: Action[], pick: number): Action {
  const kindOf = (a: Action) => (a.type === "exchange" ? `exchange${a.cards.length}` : a.type);
  const mul = legal.filter((a) => a.type === "mulatschak");
  const rest = legal.filter((a) => a.type !== "mulatschak");
  if (mul.length > 0 && (rest.length === 0 || pick % 12 === 0)) return mul[0];
  const kinds = [...new Set(rest.map(kindOf))];
  const kind = kinds[Math.floor(pick / 12) % kinds.length];
  const ofKind = rest.filter((a) => kindOf(a) === kind);
  return ofKind[Math.floor(pick / 12 / kinds.length) % ofKind.length];
}

/** Play up to `maxSteps` random legal actions; returns the actions taken and the final state. */
export function walk(
  c: Config,
  spec: GameSpec,
  maxSteps: number,
  onStep?: (s: Step) => void,
): { actions: { seat: number; action: Action }[]; final: GameState } {
  let state = newGame(c, spec);
  const actions: { seat: number; action: Action }[] = [];
  let cuts = 0;
  for (let i = 0; i < maxSteps && state.phase !== "over"; i++) {
    const seat = state.toAct[0];
    const legal = legalActions(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} to act in ${state.phase} has no legal action`);
    const action: Action = state.phase === "cut" && spec.cuts ? { type: "cut", value: spec.cuts[cuts++ % spec.cuts.length] } : choose(legal, spec.picks[i % spec.picks.length] + i);
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(`listed action ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
    onStep?.({ before: state, seat, action, after: r.state, legal, index: i });
    actions.push({ seat, action });
    state = r.state;
  }
  return { actions, final: state };
}

/** Fewer runs when the suite must stay light (2 shared cores); PROPERTY_RUNS overrides. */
export const runs = (n: number): number => Number(process.env.PROPERTY_RUNS ?? n);
