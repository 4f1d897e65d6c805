// A league's rules: stored as asked (a preset plus house rules, without `players`), resolved per
// table by the engine for the table's size.
import { resolveRules, type Rules } from "../engine";
import { raise } from "../base/failure";
import type { LeagueRow } from "./store";

/** The league's rules for a table of `players` seats, or null if the preset does not allow it. */
export function rulesFor(league: LeagueRow, players: number): Rules | null {
  const r = resolveRules({ ...(JSON.parse(league.rules) as Record<string, unknown>), players });
  return r.ok ? r.rules : null;
}

/**
 * The rules a league stores, as JSON: those asked for, checked for its table size. `players` is
 * left out: the table size decides it per table (400 INVALID_RULES when they do not resolve).
 */
export function storedRules(rules: Record<string, unknown>, tableSize: number): string {
  const { players: _ignored, ...asked } = rules;
  const resolved = resolveRules({ ...asked, players: tableSize });
  if (!resolved.ok) raise(400, "INVALID_RULES", resolved.error.message, resolved.error.option);
  return JSON.stringify(asked);
}
