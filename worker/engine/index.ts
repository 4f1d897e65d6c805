// The engine's public face. Pure: no I/O, no clocks, no global randomness.
// The server, the scenario runner, the bots and the client (display helpers only) import from here.
export type * from "./types";
export { resolveRules, PRESETS, RULE_OPTION_NAMES } from "./rules";
export type { RulesResult } from "./rules";
export { cardName, parseCard, sortCards, suitOfName, SUITS, RANKS } from "./cards";
export { createGame } from "./game";
export type { NewGameOptions } from "./game";
export { applyAction, applyInPlace, toAct } from "./apply";
export { legalActions, legalSummary } from "./legal";
export { cloneState } from "./clone";
export { viewFor } from "./view";
export { nextInt, nextU32, randomSource, seedRng } from "./rng";
export type { RngState } from "./rng";
export { RECORD_FORMAT, buildRecord, gameFromRecord, splitAction } from "./record";
export type { GameRecord, RecordAction, RecordSource, RecordResult } from "./record";
