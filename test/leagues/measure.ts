// Seating fairness over simulated seasons, for the README: `npx tsx test/leagues/measure.ts`.
// Each configuration is played with three seeds; printed are the fewest/most meetings per pair,
// the most times one member sat right after another, bot tables per member, and the slowest round.
import { randomSource } from "../../worker/engine";
import { measure, seatRound, type SeatedTable } from "../../worker/leagues/seating";

const configs: [members: number, tableSize: number, bots: boolean, rounds: number][] = [
  [12, 4, false, 10],
  [12, 5, false, 10],
  [12, 3, false, 10],
  [16, 4, false, 12],
  [9, 3, false, 8],
  [10, 4, true, 10],
  [13, 4, true, 10],
  [20, 5, false, 10],
];

console.log("| members | table | bots | rounds | pairs met (min–max) | sat right after (max) | bot tables (min–max) | slowest round |");
console.log("|---|---|---|---|---|---|---|---|");
for (const [n, k, bots, rounds] of configs) {
  const cells: string[][] = [];
  let slowest = 0;
  for (const seed of ["a", "b", "c"]) {
    const members = [...Array(n)].map((_, i) => `m${String(i).padStart(2, "0")}`);
    const season: SeatedTable[] = [];
    const random = randomSource(seed);
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      season.push(...seatRound({ members, tableSize: k, allowBots: bots, history: season, random, seasonRounds: rounds, roundsPlayed: r, seed }));
      slowest = Math.max(slowest, performance.now() - t0);
    }
    const f = measure(members, season);
    cells.push([`${f.pairMin}–${f.pairMax}`, `${f.afterMax}`, bots ? `${f.botMin}–${f.botMax}` : "–"]);
  }
  const col = (i: number) => [...new Set(cells.map((c) => c[i]))].join(", ");
  console.log(`| ${n} | ${k} | ${bots ? "yes" : "no"} | ${rounds} | ${col(0)} | ${col(1)} | ${col(2)} | ${Math.round(slowest)} ms |`);
}
