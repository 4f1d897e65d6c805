// Bot turns. A bot sees only its seat's view (never the state); its answer is checked by the
// engine like a human's, and a bot that errs or answers illegally is replaced, for that one move,
// by a random legal action so that a table never stalls.
import { applyAction, legalActions, randomSource, viewFor, type Action } from "../engine";
import { botFor, cutFrom } from "../bots";
import type { TableRecord } from "./model";
import { logEvent } from "../base/log";

/** Bot level that stands in for a seat after a timeout. */
export const STAND_IN_BOT = "normal";

/**
 * Thinking time a bot is given per move: 2 ms of search, so that the alarm that makes the move (its
 * view, the commit, the broadcast) stays within 5 ms of CPU, half the free plan's 10 ms per
 * invocation (bench:cpu measures it; bench:bots the strong level's strength at this budget).
 */
export const BOT_BUDGET_MS = 2;

/** The bot seat whose turn it is, or null when a human (or nobody) is to act. */
export function botToAct(table: TableRecord): number | null {
  if (table.ended) return null;
  for (const seat of table.state.toAct) if (table.seats[seat]?.bot || table.seats[seat]?.leftBot || table.live?.away.includes(seat)) return seat;
  return null;
}

/**
 * A bot's seed for one decision: a one-way hash of the game's secret shuffle seed (which no view
 * shows before the game is over) with the version and the seat. From public data alone (table
 * id, version, seat) a bot's bids and calls could be predicted; from this they cannot, and the
 * hash gives nothing of the shuffle seed away. Replays need no seed: every bot move is logged.
 */
export async function botSeed(table: Pick<TableRecord, "state" | "version">, seat: number): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`muli-bot:${table.state.seed}:${table.version}:${seat}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The bot's move; a bot's cut, or a stand-in's for a person whose time ran out, is drawn from `random`, seeded from the table's secret. */
export async function botAction(table: TableRecord, seat: number): Promise<Action> {
  const random = randomSource(await botSeed(table, seat));
  // Every level cuts alike, with a number from its generator: there is nothing to think about in a cut.
  if (table.state.phase === "cut") return cutFrom(random);
  const bot = botFor(table.seats[seat]?.bot ?? table.seats[seat]?.leftBot ?? STAND_IN_BOT);
  try {
    const action = await bot({ view: viewFor(table.state, seat), rules: table.state.rules, random, budgetMs: BOT_BUDGET_MS });
    if (applyAction(table.state, seat, action).ok) return action;
    logEvent("warn", "bot.illegal_action", { tableId: table.id, seat, kind: action.type });
  } catch (e) {
    logEvent("warn", "bot.failed", { tableId: table.id, seat }, e);
  }
  const legal = legalActions(table.state, seat);
  return legal[Math.floor(random() * legal.length)];
}
