// The `easy` level: the club rules of thumb without counting cards (see policy.ts).
import type { Action } from "../engine";
import type { BotInput } from "./bot";
import { decide } from "./policy";
import { randomBot } from "./random";

export const easyBot = (input: BotInput): Action => decide(input.view, input.rules, "easy")?.action ?? (randomBot(input) as Action);
