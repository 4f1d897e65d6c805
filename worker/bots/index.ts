// The bot interface. A bot is a function from what its seat may know to an action:
//   - `view`: exactly `viewFor(state, seat)`, the same view a human at that seat gets (never the
//     state, other hands, the talon or the seed);
//   - `rules`: the table's resolved rules;
//   - `random`: a seeded generator in [0, 1), so a bot's play can be replayed;
//   - `budgetMs`: how long it may think; a bot should answer well within it.
// It returns one action (it may be async). The table server checks it with the engine like any
// other; if a bot returns something illegal, the server plays a random legal action instead, so a
// buggy bot can never stall a table. Stronger levels register themselves in `BOTS` below.
import { randomSource, type Action, type Rules, type View } from "../engine";
import { easyBot } from "./easy";
import { normalBot } from "./normal";
import { randomBot } from "./random";
import { strongBot } from "./strong";

export interface BotInput {
  view: View;
  rules: Rules;
  random: () => number;
  budgetMs: number;
}

export type Bot = (input: BotInput) => Action | Promise<Action>;

/** Levels a table may ask for (`hard` is an older name of `strong`). */
export const BOT_LEVELS = ["random", "easy", "normal", "strong", "hard"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const BOTS: Partial<Record<BotLevel, Bot>> = {
  random: randomBot,
  easy: easyBot,
  normal: normalBot,
  strong: strongBot,
  hard: strongBot, // an earlier name of `strong`
};

export const botFor = (level: string): Bot => BOTS[level as BotLevel] ?? randomBot;

/** A seeded generator of floats in [0, 1): the engine's own (sfc32), so there is one in the house. */
export const seededRandom = randomSource;
