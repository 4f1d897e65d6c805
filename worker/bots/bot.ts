// The bot interface and the levels a table may ask for. A bot is a function from what its seat
// may know to an action:
//   - `view`: exactly `viewFor(state, seat)`, the same view a human at that seat gets (never the
//     state, other hands, the talon or the seed);
//   - `rules`: the table's resolved rules;
//   - `random`: a seeded generator in [0, 1), so a bot's play can be replayed;
//   - `budgetMs`: how long it may think; a bot should answer well within it.
// It returns one action (it may be async). The table server checks it with the engine like any
// other; if a bot returns something illegal, the server plays a random legal action instead, so a
// buggy bot can never stall a table. The levels import this module; index.ts assembles them.
import type { Action, Rules, View } from "../engine";

export interface BotInput {
  view: View;
  rules: Rules;
  random: () => number;
  budgetMs: number;
}

export type Bot = (input: BotInput) => Action | Promise<Action>;

/** The levels, weakest first: what a create form offers. */
export const BOT_LEVELS = ["random", "easy", "normal", "strong"] as const;
/** Older names a table may still ask for, and the level each stands for. */
export const BOT_ALIASES = { hard: "strong" } as const;
/** Every name a table may ask for (request schemas). */
export const BOT_NAMES = [...BOT_LEVELS, ...(Object.keys(BOT_ALIASES) as (keyof typeof BOT_ALIASES)[])] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
