// The bots' door: the interface and level names (bot.ts), the levels assembled by name, the hints.
import { BOT_ALIASES, type Bot, type BotLevel } from "./bot";
import { easyBot } from "./easy";
import { normalBot } from "./normal";
import { randomBot } from "./random";
import { strongBot } from "./strong";

export { BOT_LEVELS, BOT_NAMES } from "./bot";
export { cutFrom } from "./random";
export type { Bot, BotInput, BotLevel } from "./bot";
export { hint } from "./hint";
export type { Hint } from "./hint";
export { analyse, analyseSlice, ANALYSIS_BUDGET_MS } from "./analysis";
export type { Analysis, AnalysisProgress } from "./analysis";

export const BOTS: Record<BotLevel, Bot> = {
  random: randomBot,
  easy: easyBot,
  normal: normalBot,
  strong: strongBot,
};

/** The bot for a level or an older name of one; an unknown name gets the random level. */
export const botFor = (name: string): Bot => BOTS[(BOT_ALIASES as Record<string, BotLevel>)[name] ?? (name as BotLevel)] ?? randomBot;
