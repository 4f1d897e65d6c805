// The cut (dealing version 2): before each deal its rearhand names a number, and only then is the
// deck shuffled, by a generator seeded from SHA-256 of the secret seed, the deal number and that
// number. The seed is fixed (and committed to) before any cut, so the table cannot pick a deal;
// the cutter does not know the seed, so its number cannot pick one either: any number gives a
// uniformly shuffled deck that neither side could foresee alone.
import { dealAndOpen } from "./deal";
import { reject, type Outcome } from "./reject";
import { seedRng } from "./rng";
import { sha256HexSync } from "./sha256";
import type { Action, GameState } from "./types";

import { CUT_MAX } from "./cut-range";

/** The string whose SHA-256 (hex) seeds deal `no`'s generator (README, "A shuffle you can check"). */
export const dealSeedText = (seed: string, no: number, cut: number): string => `muli-deal/2:${seed}:${no}:${cut}`;

/** The seed of deal `no`'s generator: the hex SHA-256 of `dealSeedText`. */
export const dealSeed = (seed: string, no: number, cut: number): string => sha256HexSync(dealSeedText(seed, no, cut));

export function cutPhase(state: GameState, seat: number, action: Action): Outcome {
  if (action.type !== "cut") return reject("WRONG_PHASE", "The deck must be cut first.");
  const h = state.hand;
  if (!Number.isInteger(action.value) || action.value < 0 || action.value > CUT_MAX) {
    return reject("INVALID_ACTION", `A cut is a whole number from 0 to ${CUT_MAX}.`);
  }
  h.cut = action.value;
  state.rng = seedRng(dealSeed(state.seed, h.no, action.value));
  dealAndOpen(state, h, seat);
  return null;
}
