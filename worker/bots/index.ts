// The bot interface. A bot is a function from what its seat may know to an action:
//   - `view`: exactly `viewFor(state, seat)`, the same view a human at that seat gets (never the
//     state, other hands, the talon or the seed);
//   - `rules`: the table's resolved rules;
//   - `random`: a seeded generator in [0, 1), so a bot's play can be replayed;
//   - `budgetMs`: how long it may think; a bot should answer well within it.
// It returns one action (it may be async). The table server checks it with the engine like any
// other; if a bot returns something illegal, the server plays a random legal action instead, so a
// buggy bot can never stall a table. Stronger levels register themselves in `BOTS` below.
import type { Action, Rules, View } from "../engine";
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

/** A small seeded generator (xmur3 string hash feeding mulberry32). */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
