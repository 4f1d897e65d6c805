// The shuffle commitment (API.md, "A shuffle you can check"): the lowercase hex SHA-256 of the
// seed's UTF-8 bytes, shown in every view from the first on, so that the seed revealed at the end
// can be checked against what the table promised before any card was dealt.
// The engine's own SHA-256 (pure, synchronous: it derives the cut deals with it) serves here too.
import { sha256HexSync } from "../engine";

let lastSeed: string | null = null;
let lastCommitment = "";

/** SHA-256 of `seed` (UTF-8) as 64 lowercase hex digits. A table object asks for its one seed again
 * and again, so the last answer is kept. */
export function commitmentOf(seed: string): string {
  if (seed !== lastSeed) {
    lastCommitment = sha256HexSync(seed);
    lastSeed = seed;
  }
  return lastCommitment;
}
