// Checking a finished game (`npm run verify -- record.json`, the client's "check this game" page):
// the deals of a record must be exactly the ones its seed makes, the actions legal, the result
// theirs, and the seed the one the table committed to. Pure: the caller hashes the seed (SHA-256
// lives at the edges: node:crypto in the CLI, WebCrypto in the browser) and passes the digest.
import { buildRecord, RECORD_FORMAT, splitAction, type GameRecord } from "./record";
import type { Deal } from "./types";

export interface Verification {
  ok: boolean;
  /** Deals re-dealt from the seed and found equal to the record's. */
  dealsChecked: number;
  /** What does not hold, in English, one line each (empty when ok). */
  problems: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function dealDifference(k: number, made: Deal, claimed: Deal | undefined): string | null {
  if (!claimed) return `deal ${k + 1} is missing from the record`;
  for (let s = 0; s < made.hands.length; s++) {
    if (!same(made.hands[s], claimed.hands?.[s])) return `deal ${k + 1}: seat ${s}'s cards are not the ones the seed deals`;
  }
  if (!same(made.talon, claimed.talon)) return `deal ${k + 1}: the talon is not the one the seed deals`;
  if (Boolean(made.weliCut) !== Boolean(claimed.weliCut)) return `deal ${k + 1}: the Weli at the cut differs`;
  if (made.cut !== claimed.cut) return `deal ${k + 1}: the cut is not the one the cutter's action named`;
  return null;
}

/**
 * Re-deal `record` from its seed and replay its actions. `seedDigest` is the SHA-256 (hex) of the
 * record's seed, computed by the caller; it must equal the record's `commitment` when it has one.
 */
export function verifyRecord(record: GameRecord, seedDigest: string | null): Verification {
  if (record?.format !== RECORD_FORMAT) return { ok: false, dealsChecked: 0, problems: [`not a ${RECORD_FORMAT} record`] };
  if (record.v !== undefined && record.v !== 2) return { ok: false, dealsChecked: 0, problems: [`dealing version ${String(record.v)} is not known (1 when absent, or 2)`] };
  const problems: string[] = [];
  if (record.commitment !== undefined && seedDigest !== null && record.commitment !== seedDigest) {
    problems.push("the seed does not match the commitment shown during the game");
  }
  // A table's first dealer is drawn from the seed (the generator's first number) unless it was
  // given (a rematch, a scenario): the seed holds if either way re-deals the record. When neither
  // does, the way whose deals agree with the record for longer says what differs (the other one
  // differs from the first deal on); as long, the way that yields the record's first dealer.
  const drawn = redeal(record, true);
  const given = drawn.ok ? drawn : redeal(record, false);
  const shown = given.ok || given.dealsChecked > drawn.dealsChecked || (given.dealsChecked === drawn.dealsChecked && !drawn.dealerMatches) ? given : drawn;
  problems.push(...shown.problems);
  return { ok: problems.length === 0, dealsChecked: shown.dealsChecked, problems };
}

function redeal(record: GameRecord, dealerFromSeed: boolean): Verification & { dealerMatches: boolean } {
  const rebuilt = buildRecord({
    v: record.v === 2 ? 2 : 1,
    rules: record.rules,
    seed: record.seed,
    dealer: dealerFromSeed ? undefined : record.dealer,
    points: record.points,
    stake: record.stake,
    players: record.players,
    actions: (record.actions ?? []).map(splitAction),
  });
  const problems: string[] = [];
  let dealsChecked = 0;
  const made = rebuilt.ok ? rebuilt.record.deals : rebuilt.deals;
  for (let k = 0; k < made.length; k++) {
    const diff = dealDifference(k, made[k], record.deals?.[k]);
    if (diff) {
      problems.push(diff);
      break;
    }
    dealsChecked++;
  }
  if (!rebuilt.ok) {
    problems.push(`action ${rebuilt.index + 1} is refused when the seed's deals are played: ${rebuilt.error.message}`);
    return { ok: false, dealsChecked, problems, dealerMatches: !dealerFromSeed };
  }
  if ((record.deals?.length ?? 0) > made.length) problems.push(`the record lists ${record.deals.length} deals; the seed and actions make ${made.length}`);
  const result = rebuilt.record.result;
  if (!same(result.points, record.result?.points) || !same(result.winners, record.result?.winners)) {
    problems.push("the result is not the one the actions reach");
  }
  return { ok: problems.length === 0, dealsChecked, problems, dealerMatches: rebuilt.record.dealer === record.dealer };
}
