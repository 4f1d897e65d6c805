// RULES.md §2.11 and §2.12 written a second time, from the text, to check the engine's scores and
// game ends in random games. Works from the public hand record plus which seats were dealt in.
import type { HandRecord, Rules } from "../../../worker/engine";

/** The change of points §2.11 gives each seat for a finished hand (stake included). */
export function expectedDelta(rules: Rules, rec: HandRecord, dealtIn: boolean[]): number[] {
  const m = rec.stake;
  const d = rec.declarer;
  // A seat stays home either by 2.8 (stayHome) or by shortTalonOut; a preset allows only one.
  const homeCost = rules.stayHome !== false ? rules.stayHome : rules.shortTalonOut === false ? 0 : rules.shortTalonOut;
  return dealtIn.map((inHand, s) => {
    if (!inHand) return 0;
    if (rec.contract === "mulatschak") {
      const made = rec.tricks[d] === 5;
      if (s === d) return m * (made ? rules.mulatschakWin : rules.mulatschakLoss);
      return m * (made ? rules.mulatschakWinOthers : rules.mulatschakLossOthers);
    }
    if (rec.stayedHome.includes(s)) return m * homeCost;
    const t = rec.tricks[s];
    if (s === d) return t >= rec.contract ? -m * t : m * rules.failCost;
    return m * (-t + (t === 0 ? rules.noTrickCost : 0));
  });
}

/**
 * §2.12 after a hand: the winners, or null when the game goes on. `out` = seats out after it,
 * `outBefore` = seats that were out before it.
 */
export function expectedEnd(rules: Rules, points: number[], out: boolean[], outBefore: boolean[] = out): number[] | null {
  const seats = points.map((_, s) => s);
  const atZero = seats.filter((s) => !out[s] && points[s] <= 0);
  if (atZero.length > 0) return atZero;
  if (rules.endAbove !== false && seats.some((s) => points[s] > (rules.endAbove as number))) {
    const low = Math.min(...seats.filter((s) => !out[s]).map((s) => points[s]));
    return seats.filter((s) => !out[s] && points[s] === low);
  }
  const left = seats.filter((s) => !out[s]);
  if (left.length === 1) return left;
  if (left.length === 0) {
    // Everyone went out in the same hand (RULES.md is silent; read as: the lowest of them win).
    const now = seats.filter((s) => !outBefore[s]);
    const low = Math.min(...now.map((s) => points[s]));
    return now.filter((s) => points[s] === low);
  }
  return null;
}

/** §2.12: the seats out after a hand (outAbove), given the seats out before it. */
export function expectedOut(rules: Rules, points: number[], outBefore: boolean[]): boolean[] {
  return points.map((p, s) => outBefore[s] || (rules.outAbove !== false && p > rules.outAbove));
}
