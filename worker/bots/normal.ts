// The `normal` level: the club rules of thumb, counting the cards played and the voids shown.
import type { Action } from "../engine";
import type { BotInput } from "./bot";
import { decide } from "./policy";
import { randomBot } from "./random";

export const normalBot = (input: BotInput): Action => decide(input.view, input.rules, "normal")?.action ?? (randomBot(input) as Action);
