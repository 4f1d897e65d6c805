// The client's display logic against real engine states: the facts under each name while bidding
// and after, and the explanation for a dimmed card (checked against the engine's legal cards).
import { describe, expect, it } from "vitest";
import { applyAction, createGame, resolveRules, seedRng, viewFor, type GameState, type Rules } from "../../worker/engine";
import { randomStep } from "../../worker/engine/fast";
import { bidFact, tableOrder, trickDots } from "../../web/src/logic/marks";
import { whyNot } from "../../web/src/logic/reason";
import { cardButtonLabel, cardLabel, rankLabel } from "../../web/src/cards/names";
import { news } from "../../web/src/logic/news";
import { en } from "../../web/src/i18n/en";
import { de } from "../../web/src/i18n/de";

function rules(input: Record<string, unknown>): Rules {
  const r = resolveRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.rules;
}

const ALL: string[] = [];
for (const s of "ELHS") for (const k of ["A", "K", "O", "U", "10", "9", "8", "7", "6"]) ALL.push(s === "S" && k === "6" ? "W" : s + k);
const HANDS = [
  ["EA", "EK", "E9", "L7", "H8"],
  ["LA", "LK", "L9", "H7", "S8"],
  ["HA", "HK", "H9", "E7", "S9"],
  ["SA", "SK", "S10", "E8", "L8"],
];

function fixedGame(): GameState {
  const talon = ALL.filter((c) => !HANDS.flat().includes(c));
  return createGame(rules({ preset: "standard", players: 4 }), { seed: "t", dealer: 3, deals: [{ hands: HANDS, talon }] });
}

function run(state: GameState, steps: [number, object][]): GameState {
  for (const [seat, action] of steps) {
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(`${JSON.stringify(action)}: ${r.error.code}`);
    state = r.state;
  }
  return state;
}

const facts = (s: GameState, hints = true) => {
  const v = viewFor(s, 0);
  return v.players.map((p) => bidFact(v, p.seat, hints));
};

describe("facts under the names", () => {
  it("shows the Mulatschak round and the bidding history, then the declarer", () => {
    let s = fixedGame();
    s = run(s, [[0, { type: "noMulatschak" }]]);
    expect(facts(s)).toEqual(["–", "·", "·", "·"]);
    s = run(s, [[1, { type: "noMulatschak" }], [2, { type: "noMulatschak" }], [3, { type: "noMulatschak" }]]);
    expect(facts(s)).toEqual(["·", "·", "·", "·"]);
    s = run(s, [[0, { type: "bid", tricks: 2 }], [1, { type: "bid", tricks: 3 }], [2, { type: "pass" }]]);
    expect(facts(s)).toEqual(["↓", "3", "–", "·"]);
    // Without hints only the standing bid shows.
    expect(facts(s, false)).toEqual(["·", "3", "·", "·"]);
    expect(tableOrder(viewFor(s, 0))).toEqual([0, 1, 2, 3]);
    s = run(s, [[3, { type: "hold" }]]);
    expect(viewFor(s, 0).phase).toBe("trump");
    expect(facts(s)).toEqual(["·", "·", "·", "3★"]);
  });

  it("marks a Mulatschak with M and the declarer star", () => {
    const s = run(fixedGame(), [[0, { type: "mulatschak" }]]);
    expect(facts(s)).toEqual(["M★", "·", "·", "·"]);
  });

  it("draws one dot per trick", () => {
    expect(trickDots(0)).toBe("");
    expect(trickDots(3)).toBe("●●●");
  });
});

describe("why a card is dimmed", () => {
  it("agrees with the engine's legal cards in random games", () => {
    let checked = 0;
    for (let g = 0; g < 40; g++) {
      let s = createGame(rules({ preset: g % 2 ? "standard" : "murln", players: 3 + (g % 3) }), { seed: `g${g}` });
      const rng = seedRng(`r${g}`);
      for (let i = 0; i < 400 && s.phase !== "over"; i++) {
        if (s.phase === "play") {
          const seat = s.toAct[0];
          const v = viewFor(s, seat);
          const legal = new Set(v.legal.flatMap((a) => (a.type === "play" ? [a.card] : [])));
          const suitOf = (c: string) => (c === "W" ? v.trump : c[0]);
          for (const card of v.hand.filter((c) => !legal.has(c))) {
            const r = whyNot(v, card);
            const led = suitOf(v.trick[0].card);
            checked++;
            switch (r.kind) {
              case "mustFollow":
                expect(r.suit).toBe(led);
                expect(suitOf(card)).not.toBe(led);
                expect([...legal].every((c) => suitOf(c) === led)).toBe(true);
                break;
              case "mustHead":
                expect(suitOf(card)).toBe(led);
                break;
              case "mustTrump":
                expect([...legal].every((c) => suitOf(c) === v.trump)).toBe(true);
                break;
              case "mustHeadTrump":
                expect(suitOf(card)).toBe(v.trump);
                break;
              default:
                throw new Error(`no reason for ${card} in ${JSON.stringify(v.trick)} with hand ${v.hand}`);
            }
          }
          // Someone else's turn: every card explains that it is not yours.
          const other = viewFor(s, (seat + 1) % s.rules.players);
          if (other.hand.length) expect(whyNot(other, other.hand[0]).kind).toBe("notYourTurn");
        }
        s = structuredClone(s);
        if (randomStep(s, rng)) break;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe("card names", () => {
  it("names cards per style and language", () => {
    expect(cardLabel("HO", "dd", "de")).toBe("Herz Ober");
    expect(cardLabel("EA", "dd", "en")).toBe("Eichel Sau");
    expect(cardLabel("HO", "fr", "de")).toBe("Herz Dame");
    expect(cardLabel("LU", "fr", "en")).toBe("Jack of Spades");
    expect(cardLabel("S10", "fr", "en")).toBe("10 of Diamonds");
    expect(cardLabel("W", "fr", "en")).toBe("Weli");
  });
  it("puts each card's visible index in its button's name (voice control says what it sees)", () => {
    expect(rankLabel("EA", "dd", "de")).toBe("S");
    expect(rankLabel("HO", "fr", "de")).toBe("D");
    expect(rankLabel("HO", "fr", "en")).toBe("Q");
    expect(rankLabel("LU", "fr", "en")).toBe("J");
    expect(cardButtonLabel("EK", "dd", "de")).toBe("Eichel König, K");
    expect(cardButtonLabel("H10", "dd", "de")).toBe("Herz 10");
    expect(cardButtonLabel("LU", "fr", "en")).toBe("Jack of Spades, J");
    expect(cardButtonLabel("W", "dd", "en")).toBe("Weli, W");
  });
});

describe("news", () => {
  const names = ["Anna", "Bernd", "Carla", "Dora"];
  const withNames = (s: GameState, seat: number) => {
    const v = viewFor(s, seat);
    return { ...v, players: v.players.map((p) => ({ ...p, name: names[p.seat] })) };
  };

  it("tells the cutter that it has the Weli, and the others who took it", () => {
    // Dealer 3: rearhand (the cutter) is seat 2, whose hand holds the Weli.
    const hands = HANDS.map((h) => h.slice());
    hands[2][4] = "W";
    const talon = ALL.filter((c) => !hands.flat().includes(c));
    const s = createGame(rules({ preset: "standard", players: 4 }), { seed: "w", dealer: 3, deals: [{ hands, talon, weliCut: true }] });
    expect(news(withNames(s, 2), en).map((l) => l.text)).toEqual([en.weliYou]);
    expect(news(withNames(s, 0), de).map((l) => l.text)).toEqual(["Carla hat den Weli beim Abheben genommen."]);
  });

  it("shows a white hand with its cards after the redeal", () => {
    const white = [["E10", "E9", "L10", "L9", "H10"], HANDS[1], HANDS[2], HANDS[3]];
    const deal = (hands: string[][]) => ({ hands, talon: ALL.filter((c) => !hands.flat().includes(c)) });
    const s = createGame(rules({ preset: "standard", players: 4 }), { seed: "x", dealer: 3, deals: [deal(white), deal(HANDS)] });
    expect(s.stake).toBe(2);
    const lines = news(withNames(s, 1), en);
    expect(lines).toEqual([{ text: en.whiteShown("Anna"), cards: white[0] }]);
  });
});
