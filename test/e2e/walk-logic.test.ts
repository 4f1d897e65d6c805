// The display logic behind the third new user's walk (shared/findings/new-user-walk.md), without a
// browser: the cut in words (N7), German after "mit" (N10), the trick that ends the game held
// before the end (N12), bots named on their own (L8), the short clocks' words (issue 30).
import { describe, expect, it } from "vitest";
import { resolveRules } from "../../worker/engine";
import type { TableView } from "../../web/src/api/tables";
import { news } from "../../web/src/logic/news";
import { heldTrick } from "../../web/src/store/paced";
import { rulesInWords } from "../../web/src/i18n/rules-words";
import { storyLine } from "../../web/src/i18n/history";
import { nameBots, BOT_NAMES } from "../../web/src/logic/bot-names";
import { en } from "../../web/src/i18n/en";
import { de } from "../../web/src/i18n/de";

describe("the cut in words (N7)", () => {
  const view = (you: number) => ({ events: [], handNo: 1, phase: "bidding", you, weliCutBy: null, cut: { seat: 1, value: 2640638062 }, players: [{ name: "Anna" }, { name: "Dani" }] }) as unknown as Parameters<typeof news>[0];
  it("says who cut, never the shuffle's number", () => {
    expect(news(view(0), en).map((l) => l.text)).toEqual(["Dani cut the deck."]);
    expect(news(view(1), en).map((l) => l.text)).toEqual(["You cut the deck."]);
    expect(news(view(0), de).map((l) => l.text)).toEqual(["Dani hat abgehoben."]);
    expect(news(view(1), de).map((l) => l.text)).toEqual(["Du hast abgehoben."]);
  });
  it("in the hand so far and the recap too", () => {
    const cut = { kind: "cut", seat: 1, value: 3434684746, hand: 1 } as unknown as Parameters<typeof storyLine>[1];
    expect(storyLine("en", cut, ["Anna", "Mia"])).toBe("Mia cuts the deck");
    expect(storyLine("de", cut, ["Anna", "Mia"])).toBe("Mia hebt ab");
  });
  it("names the German pass button as the hints do (N9)", () => {
    expect(de.pass).toBe("Passen");
  });
});

describe("German after 'mit' (N10)", () => {
  it("says 'mit 5 Punkten', never 'mit 5 Punkte'", () => {
    const r = resolveRules({ preset: "standard", players: 4, startPoints: 5, mustPlayAt: 5, noExchangeAt: 5 });
    if (!r.ok) throw new Error(r.error.message);
    const text = rulesInWords(r.rules, "de").map((l) => l.text).join("\n");
    expect(text).toContain("beginnt mit 5 Punkten");
    expect(text).not.toMatch(/mit \d+ Punkte\b/);
    const one = resolveRules({ preset: "standard", players: 4, startPoints: 1 });
    if (!one.ok) throw new Error(one.error.message);
    expect(rulesInWords(one.rules, "de").map((l) => l.text).join("\n")).toContain("beginnt mit 1 Punkt ");
  });
});

describe("the trick that ends the game (N12)", () => {
  const trick = (n: number) => [0, 1, 2].map((seat) => ({ seat, card: `E${n + seat}` }));
  const before = { version: 40, handNo: 3, phase: "play", winners: null, ended: null, tricks: [trick(0), trick(1), trick(2), trick(3)], trick: trick(4).slice(0, 2), lastTrick: trick(3), legal: [], toAct: [2] } as unknown as TableView;
  const over = { ...before, version: 41, phase: "over", winners: [1], tricks: [...before.tricks, trick(4)], trick: [], toAct: [] } as unknown as TableView;
  it("is held on the table while the game is still shown in play, the end after it", () => {
    const held = heldTrick(before, over)!;
    expect(held).not.toBeNull();
    expect(held.phase).toBe("play");
    expect(held.winners).toBeNull();
    expect(held.trick).toEqual(trick(4));
    expect(held.version).toBe(40);
  });
  it("holds a trick within a hand as before", () => {
    const next = { ...before, version: 41, tricks: [...before.tricks, trick(4)], trick: [], toAct: [1] } as unknown as TableView;
    expect(heldTrick(before, next)).toMatchObject({ phase: "play", trick: trick(4), version: 40 });
  });
});

describe("bots have names of their own (L8)", () => {
  it("names every unnamed bot seat, each differently from every name at the table", () => {
    const names = nameBots([{ name: "Fritz", bot: "" }, { name: "", bot: "easy" }, { name: BOT_NAMES[0], bot: "normal" }, { name: "", bot: "strong" }, { name: " ", bot: "easy" }]);
    expect(names[0]).toBe("Fritz");
    expect(names[2]).toBe(BOT_NAMES[0]);
    expect(names.every((n) => n.length > 0)).toBe(true);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(5);
  });
  it("leaves a person's empty seat empty (a person's name is typed)", () => {
    expect(nameBots([{ name: "", bot: "" }, { name: "", bot: "easy" }])).toEqual(["", BOT_NAMES[0]]);
  });
});
