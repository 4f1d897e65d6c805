// The seating planned in slices (a round start's steps, each within the CPU budget) ends where the
// same planning done at once ends: the walk's state goes through JSON between slices as it does
// between invocations, and the season's plan kept from round 1 gives round 2 the same tables.
import { describe, expect, it } from "vitest";
import { randomSource } from "../../worker/engine";
import { finishSeating, seasonPlan, seatRound, startSeating, stepSeating, type SeatedTable, type SeatingInput, type SeatingJob } from "../../worker/leagues/seating";

const names = (n: number) => [...Array(n)].map((_, i) => `m${String(i).padStart(2, "0")}`);

/** The seating in slices of `steps`, its state through JSON after each; also how many slices. */
function sliced(input: SeatingInput, steps: number, season?: string[][][] | null): { tables: SeatedTable[]; slices: number; job: SeatingJob } {
  let job = JSON.parse(JSON.stringify(startSeating(input, season))) as SeatingJob;
  let slices = 1;
  while (!stepSeating(job, input, steps)) {
    job = JSON.parse(JSON.stringify(job)) as SeatingJob;
    slices++;
  }
  return { tables: finishSeating(job, input), slices, job };
}

describe("seating in slices", () => {
  it("12 members at tables of 4 over a season: every round equals the seating done at once", () => {
    const members = names(12);
    const history: SeatedTable[] = [];
    let kept: string[][][] | null = null;
    for (let r = 0; r < 6; r++) {
      const input = (seed: string) => ({ members, tableSize: 4, allowBots: false, history, random: randomSource(seed), seasonRounds: 6, roundsPlayed: r, seed: "club:1" });
      const once = seatRound(input(`r${r}`));
      const inSlices = sliced(input(`r${r}`), 5_000);
      expect(inSlices.tables).toEqual(once);
      if (r === 0) {
        expect(inSlices.slices).toBeGreaterThan(1); // it did stop and go on
        kept = seasonPlan(inSlices.job);
        expect(kept).not.toBeNull();
      } else {
        // The season's plan kept from round 1: no walk at all, the same tables.
        const fromKept = sliced(input(`r${r}`), 5_000, kept);
        expect(fromKept.slices).toBe(1);
        expect(fromKept.tables).toEqual(once);
      }
      history.push(...once);
    }
  });

  it("a member leaving mid-season: the rest is planned anew, sliced as at once", () => {
    const members = names(13);
    const history: SeatedTable[] = [];
    for (let r = 0; r < 4; r++) {
      const now = r < 2 ? members : members.slice(1);
      const input = (seed: string) => ({ members: now, tableSize: 4, allowBots: true, history, random: randomSource(seed), seasonRounds: 4, roundsPlayed: r, seed: "club:2", iterations: 200_000 });
      const once = seatRound(input(`s${r}`));
      expect(sliced(input(`s${r}`), 3_000).tables).toEqual(once);
      history.push(...once);
    }
  });
});
