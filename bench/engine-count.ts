// Plays a fixed number of the engine benchmark's games (random-games.ts) after a fixed warm-up,
// and prints the deals dealt after it: the program that `bench/engine-instructions.sh` counts the
// instructions of. Usage: engine-count.ts GAMES.
import { playGame } from "./random-games";

for (let i = 0; i < 400; i++) playGame(); // the same warm-up in every run, so it cancels out
let deals = 0;
const n = Number(process.argv[2] ?? 0);
for (let i = 0; i < n; i++) deals += playGame().deals;
console.log(deals);
