// Every level always answers with an action the engine accepts, in games of every preset and
// player count (the arena plays each answer through `applyAction` and throws on a refusal).
import { describe, expect, it } from "vitest";
import { playGame } from "../../worker/bots/arena";
import { easyBot } from "../../worker/bots/easy";
import { normalBot } from "../../worker/bots/normal";
import { randomBot } from "../../worker/bots/random";
import { strongBot } from "../../worker/bots/strong";
import { BOT_LEVELS, BOT_NAMES, BOTS, botFor } from "../../worker/bots";
import type { Action } from "../../worker/engine";
import { PRESET_PLAYERS, rulesFor } from "./helpers";

const LEVELS = [strongBot, normalBot, easyBot, (i: Parameters<typeof randomBot>[0]) => randomBot(i) as Action];

describe("every level plays only legal actions", () => {
  it.each(PRESET_PLAYERS)("%s with %i players", (preset, players) => {
    const rules = rulesFor(preset, players);
    for (let g = 0; g < (players === 4 ? 2 : 1); g++) {
      // Rotate the levels round the table (by player count and game) so each sits in many seats.
      const bots = Array.from({ length: players }, (_, s) => LEVELS[(s + g + players) % LEVELS.length]);
      const rec = playGame(rules, `legal-${preset}-${players}-${g}`, bots, { budgetMs: 0.2, maxHands: 3 });
      expect(rec.state.handsPlayed.length).toBeGreaterThan(0);
    }
  });

  it("registers easy, normal and strong with the server's bot table", () => {
    expect(BOTS.easy).toBe(easyBot);
    expect(BOTS.normal).toBe(normalBot);
    expect(botFor("strong")).toBe(strongBot);
    expect(Object.keys(BOTS)).toEqual([...BOT_LEVELS]);
  });

  it("takes the older name hard for strong, and an unknown name for random", () => {
    expect(BOT_NAMES).toContain("hard");
    expect(BOT_LEVELS).not.toContain("hard");
    expect(botFor("hard")).toBe(strongBot);
    expect(botFor("grandmaster")).toBe(randomBot);
  });
});
