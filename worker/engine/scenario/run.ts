// The scenario runner of SCENARIOS.md: fixed deals + scripted actions -> one result object.
import { applyInPlace } from "../apply";
import { cardName, deckOf, parseCard } from "../cards";
import { createGame } from "../game";
import { resolveRules } from "../rules";
import type { Deal, GameState, HandRecord, Phase, Rejection, StakeReason, Suit } from "../types";

export class ScenarioFileError extends Error {}

export interface ScenarioOutput {
  ok: boolean;
  rejected: (Rejection & { index: number }) | null;
  phase: Phase;
  toAct: number[];
  dealer: number;
  points: number[];
  stake: number;
  stakeReasons: StakeReason[];
  declarer: number | null;
  contract: number | "mulatschak" | null;
  trump: Suit | null;
  hands: string[][];
  tricksWon: number[];
  handsPlayed: HandRecord[];
  winners: number[] | null;
  out: number[];
  /** Only for a file with a `result` (a game record): whether the replay ended with its points and winners. */
  matchesResult?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const bad = (message: string): never => {
  throw new ScenarioFileError(message);
};

function readDeal(raw: unknown, i: number, n: number, deckSize: 33 | 36): Deal {
  if (!isObject(raw) || !Array.isArray(raw.hands) || !Array.isArray(raw.talon)) bad(`deals[${i}] needs "hands" and "talon" lists.`);
  const d = raw as { hands: unknown[]; talon: unknown[]; weliCut?: unknown; cut?: unknown };
  if (d.hands.length !== n) bad(`deals[${i}].hands must list ${n} seats.`);
  const all: unknown[] = [...d.hands.flatMap((h) => (Array.isArray(h) ? h : bad(`deals[${i}].hands must be lists of cards.`))), ...d.talon];
  const ids = all.map((c) => {
    const id = parseCard(c);
    return id < 0 ? bad(`deals[${i}]: "${String(c)}" is not a card.`) : id;
  });
  const deck = deckOf(deckSize);
  if (ids.length !== deck.length || new Set(ids).size !== ids.length || !ids.every((c) => deck.includes(c))) {
    bad(`deals[${i}] must hold each card of the ${deckSize}-card deck exactly once.`);
  }
  if (d.weliCut !== undefined && typeof d.weliCut !== "boolean") bad(`deals[${i}].weliCut must be true or false.`);
  return { hands: d.hands as string[][], talon: d.talon as string[], weliCut: d.weliCut === true, ...(typeof d.cut === "number" ? { cut: d.cut } : {}) };
}

/** Run a parsed scenario file. Throws ScenarioFileError when the file is malformed. */
export function runScenario(file: unknown): ScenarioOutput {
  if (!isObject(file)) bad("A scenario file is a JSON object.");
  const f = file as Record<string, unknown>;
  const resolved = resolveRules(f.rules ?? {});
  if (!resolved.ok) bad(`rules: ${resolved.error.message}`);
  const rules = (resolved as { ok: true; rules: GameState["rules"] }).rules;
  const n = rules.players;
  const dealer = f.dealer ?? 0;
  if (!Number.isInteger(dealer) || (dealer as number) < 0 || (dealer as number) >= n) bad(`"dealer" must be a seat from 0 to ${n - 1}.`);
  if (f.points !== undefined && (!Array.isArray(f.points) || f.points.length !== n || !f.points.every(Number.isInteger))) {
    bad(`"points" must list ${n} whole numbers.`);
  }
  if (f.stake !== undefined && (!Number.isInteger(f.stake) || (f.stake as number) < 1)) bad(`"stake" must be a whole number from 1.`);
  if (f.seed !== undefined && typeof f.seed !== "string") bad(`"seed" must be a string.`);
  if (f.deals !== undefined && !Array.isArray(f.deals)) bad(`"deals" must be a list.`);
  if (f.actions !== undefined && !Array.isArray(f.actions)) bad(`"actions" must be a list.`);
  // Dealing version (a record's "v"): 2 = every deal waits for a `cut` action; absent = 1.
  if (f.v !== undefined && f.v !== 1 && f.v !== 2) bad(`"v" (the dealing version) must be 1 or 2.`);
  const deals = ((f.deals as unknown[]) ?? []).map((d, i) => readDeal(d, i, n, rules.deck));
  const actions = (f.actions as unknown[]) ?? [];
  actions.forEach((a, i) => {
    if (!isObject(a) || !Number.isInteger(a.seat)) bad(`actions[${i}] needs a "seat" number and a "type".`);
  });

  const state = createGame(rules, {
    seed: (f.seed as string) ?? "scenario",
    dealer: dealer as number,
    points: f.points as number[] | undefined,
    stake: f.stake as number | undefined,
    deals,
    v: f.v as 1 | 2 | undefined,
  });
  let rejected: ScenarioOutput["rejected"] = null;
  for (let i = 0; i < actions.length; i++) {
    const { seat, ...action } = actions[i] as { seat: number };
    const err = applyInPlace(state, seat, action);
    if (err) {
      rejected = { index: i, ...err };
      break;
    }
  }
  const out = summarize(state, rejected);
  if (isObject(f.result)) out.matchesResult = sameResult(f.result, out);
  return out;
}

function sameResult(result: Record<string, unknown>, out: ScenarioOutput): boolean {
  return JSON.stringify(result.points) === JSON.stringify(out.points) && JSON.stringify(result.winners ?? null) === JSON.stringify(out.winners);
}

export function summarize(state: GameState, rejected: ScenarioOutput["rejected"]): ScenarioOutput {
  const h = state.hand;
  return {
    ok: rejected === null,
    rejected,
    phase: state.phase,
    toAct: state.toAct.slice(),
    dealer: state.dealer,
    points: state.points.slice(),
    stake: state.stake,
    stakeReasons: state.stakeReasons.slice(),
    declarer: h.declarer,
    contract: h.contract,
    trump: h.trump,
    hands: h.hands.map((c) => c.map(cardName)),
    tricksWon: h.tricksWon.slice(),
    handsPlayed: state.handsPlayed,
    winners: state.winners,
    out: state.out.flatMap((o, s) => (o ? [s] : [])),
  };
}
