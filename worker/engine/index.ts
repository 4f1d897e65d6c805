// The engine's one door: everything outside worker/engine imports from here (the server, the
// scenario runner, the bots, the client's display helpers), and the searching bots' playouts also
// from `./fast` (card ids and in-place moves). Pure: no I/O, no clocks, no global randomness.
export type * from "./types";
export { resolveRules, PRESETS } from "./rules";
export type { RulesResult } from "./rules";
export { cardName, parseCard, sortCards, SUITS, RANKS } from "./cards";
export { SUIT_WORDS, RANK_WORDS, cardWords } from "./words";
export type { Lang } from "./words";
export { createGame } from "./game";
export type { NewGameOptions } from "./game";
export { applyAction, applyInPlace } from "./apply";
export { legalActions, legalSummary } from "./legal";
export { cloneState } from "./clone";
export { viewFor } from "./view";
export { nextInt, nextU32, randomSource, seedRng } from "./rng";
export type { RngState } from "./rng";
export { RECORD_FORMAT, buildRecord, gameFromRecord, splitAction } from "./record";
export type { GameRecord, RecordAction, RecordSource, RecordResult } from "./record";
export { story } from "./story";
export type { StoryItem, StorySource } from "./story";
export { sha256HexSync } from "./sha256";
export { nextSeat, seatsClockwise } from "./seat-order";
export { verifyRecord } from "./verify";
export type { Verification } from "./verify";
export { runScenario, ScenarioFileError } from "./scenario/run";
export type { ScenarioOutput } from "./scenario/run";
