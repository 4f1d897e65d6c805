// The `random` level: picks uniformly among the legal actions of its view, expanding the
// summarised card-set actions (exchange, discard) with random cards from its own hand.
// Calling a Mulatschak (all tricks) is rare on purpose, so that random games look like games.
import type { Action, CardName, LegalSummary } from "../engine";
import type { Bot } from "./bot";

const MULATSCHAK_CHANCE = 0.02; // as the engine's own random player

/** A cut drawn from the bot's generator (seeded from the table's secret on the server). */
export const cutFrom = (random: () => number): Action => ({ type: "cut", value: Math.floor(random() * 4294967296) });

function pickCards(hand: CardName[], k: number, random: () => number): CardName[] {
  const pool = [...hand];
  const out: CardName[] = [];
  while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}

export const randomBot: Bot = ({ view, rules, random }) => {
  let legal: LegalSummary[] = view.legal;
  if (legal.length > 1 && legal.some((a) => a.type === "mulatschak")) {
    const others = legal.filter((a) => a.type !== "mulatschak");
    legal = random() < MULATSCHAK_CHANCE ? legal.filter((a) => a.type === "mulatschak") : others;
  }
  const choice = legal[Math.floor(random() * legal.length)];
  if (!choice) throw new Error("random bot: no legal action in its view");
  switch (choice.type) {
    case "exchange": {
      const min = choice.min ?? 0;
      const k = min + Math.floor(random() * (choice.max - min + 1));
      return { type: "exchange", cards: pickCards(view.hand, k, random) };
    }
    case "discard":
      return { type: "discard", cards: pickCards(view.hand, choice.count, random) };
    case "cut":
      return cutFrom(random);
    case "takeShown":
      if (choice.discard === undefined && rules.faceUp === "app") {
        return { type: "takeShown", discard: pickCards(view.hand, 1, random)[0] };
      }
      return choice;
    default:
      return choice as Action;
  }
};
