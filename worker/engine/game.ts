// A new game: rules frozen in, generator seeded, first hand dealt.
import { emptyHand, startHand, watchDeals } from "./deal";
import { nextInt, seedRng } from "./rng";
import type { Deal, GameState, Rules } from "./types";

export interface NewGameOptions {
  /** Any string; hashed into the generator state. Never shown to players before the game ends. */
  seed: string;
  /** The first dealer; drawn by lot from the seed when not given. */
  dealer?: number;
  points?: number[];
  stake?: number;
  /** Fixed deals used in order before the generator takes over (scenario files). */
  deals?: Deal[];
  /** Dealing version (GameState.v): 2 = each deal is cut by its rearhand; 1 (the default) = as before the cut. */
  v?: 1 | 2;
  /** Told every deal as it is made, redeals included (the game record). */
  onDeal?: (deal: Deal) => void;
}

export function createGame(rules: Rules, opts: NewGameOptions): GameState {
  const n = rules.players;
  const rng = seedRng(opts.seed);
  const dealer = opts.dealer ?? nextInt(rng, n);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= n) throw new RangeError(`dealer must be a seat from 0 to ${n - 1}`);
  const points = opts.points ?? new Array(n).fill(rules.startPoints);
  if (points.length !== n || !points.every(Number.isInteger)) throw new RangeError(`points must list ${n} whole numbers`);
  const state: GameState = {
    v: opts.v ?? 1,
    rules,
    rng,
    seed: opts.seed,
    points: points.slice(),
    out: new Array(n).fill(false),
    dealer,
    stake: opts.stake ?? 1,
    stakeReasons: [],
    phase: "bidding",
    toAct: [],
    hand: emptyHand(n, 0),
    handsPlayed: [],
    winners: null,
    deals: (opts.deals ?? []).slice(),
    events: [],
    actionCount: 0,
  };
  if (opts.onDeal) watchDeals(state, opts.onDeal);
  startHand(state);
  return state;
}
