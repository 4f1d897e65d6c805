#!/bin/bash
# Instructions per deal of the engine's random games, counted by valgrind's callgrind: the same
# games every run, so two checkouts compare without the machine's noise (wall-clock figures on
# this VM swing by ×2 from one minute to the next; these repeat within ±0.3 %). It counts what the
# CPU executes, not what it costs: cache misses and other threads' work are not in it, so
# `npm run bench:engine` stays the measure of speed, and this one tells small steps apart.
# Usage: bash bench/engine-instructions.sh [GAMES]   (default 3000; needs valgrind; ~2 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-3000}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
count() {
  # One thread for V8 (its compiler and collector on the main thread), so the count repeats.
  valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file=/dev/null \
    node --single-threaded --import tsx bench/engine-count.ts "$1" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# The run of GAMES games and the warm-up alone, at once on two cores; the difference is the games.
count "$GAMES" > /tmp/muli-instr-games.$$ & count 0 > /tmp/muli-instr-warmup.$$ & wait
deals=$(node --import tsx bench/engine-count.ts "$GAMES")
node -e '
const [g, w, d, games] = process.argv.slice(1).map(Number);
const perDeal = (g - w) / d;
console.log(`${games} games, ${d} deals: ${Math.round(perDeal)} instructions per deal`);
console.log(JSON.stringify({ games, deals: d, instructionsPerDeal: Math.round(perDeal) }));
' "$(cat /tmp/muli-instr-games.$$)" "$(cat /tmp/muli-instr-warmup.$$)" "$deals" "$GAMES"
rm -f /tmp/muli-instr-games.$$ /tmp/muli-instr-warmup.$$
