// A table's rules in words, one sentence per rule, in German or English, with the house rules
// (what differs from the preset) marked. Used wherever rules are shown: the table, the rules page,
// the league page. Never the engine's keys ("weliCut take") on screen.
import { resolveRules, type Rules } from "../../../worker/engine";

import { formats, type Lang } from "./format";

export interface RuleLine {
  /** The rule's option name (for tests and keys), not for display. */
  key: keyof Rules | "game";
  text: string;
  /** A house rule: this table differs here from its preset. */
  house: boolean;
}

/** "1 point", "−10 points", "+5 Punkte". */
const plain = (lang: Lang, n: number) => formats(lang).count(n, lang === "de" ? { one: "Punkt", other: "Punkte" } : { one: "point", other: "points" });
/** After "mit" German wants the dative: "mit 1 Punkt", "mit 5 Punkten". */
const withPlain = (lang: Lang, n: number) => (lang === "de" ? formats(lang).count(n, { one: "Punkt", other: "Punkten" }) : plain(lang, n));
const points = (lang: Lang, n: number) => (n > 0 ? "+" : n < 0 ? "−" : "") + plain(lang, Math.abs(n));
const cards = (lang: Lang, n: number) => formats(lang).count(n, lang === "de" ? { one: "Karte", other: "Karten" } : { one: "card", other: "cards" });

/** The rules as sentences, house rules marked against the preset with the same player count. */
export function rulesInWords(rules: Rules, lang: Lang): RuleLine[] {
  const base = resolveRules({ preset: rules.preset, players: rules.players });
  const preset = base.ok ? base.rules : rules;
  const de = lang === "de";
  const lines: RuleLine[] = [];
  const add = (key: RuleLine["key"], text: string, keys: (keyof Rules)[] = key === "game" ? [] : [key]) =>
    lines.push({ key, text, house: keys.some((k) => preset[k] !== rules[k]) });

  add(
    "deck",
    de
      ? `${rules.players} Spieler, ${rules.deck} Karten (${rules.deck === 36 ? "Sechser" : "Siebener"} bis Sau) und der Weli, der immer Trumpf ist.`
      : `${rules.players} players, ${rules.deck} cards (${rules.deck === 36 ? "6" : "7"} to Ace) with the Weli, which is always trump.`,
  );
  add(
    "startPoints",
    de
      ? `Jeder beginnt mit ${withPlain(lang, rules.startPoints)} und zählt hinunter: wer auf 0 oder darunter kommt, gewinnt.`
      : `Everyone starts at ${plain(lang, rules.startPoints)} and counts down: whoever reaches 0 or less wins.`,
  );
  add(
    "weliCut",
    rules.weliCut === "take"
      ? de
        ? "Wer abhebt und unten den Weli findet, nimmt ihn ins Blatt."
        : "Whoever cuts and finds the Weli at the bottom takes it into hand."
      : de
        ? "Ein Weli unten beim Abheben bleibt im Stapel."
        : "A Weli found at the cut stays in the deck.",
  );
  add(
    "whiteHand",
    rules.whiteHand === "auto"
      ? de
        ? "Eine Weiße (keine Figur im Blatt) wird gezeigt und neu gegeben; der Einsatz verdoppelt sich."
        : "A white hand (no figure) is shown and dealt again; the stake doubles."
      : rules.whiteHand === "fold"
        ? de
          ? "Wer eine Weiße hat, darf sie zeigen; dann wird neu gegeben."
          : "A player with a white hand may show it; then the cards are dealt again."
        : de
          ? "Weiße werden gespielt wie jedes Blatt."
          : "White hands are played like any other.",
  );
  add(
    "mulatschakCall",
    rules.mulatschakCall === "round"
      ? de
        ? "Vor dem Reizen wird reihum gefragt, ob jemand Mulatschak ansagt (alle fünf Stiche)."
        : "Before the bidding everyone is asked in turn whether they call a Mulatschak (all five tricks)."
      : de
        ? "Mulatschak (alle fünf Stiche) ist das höchste Gebot beim Reizen."
        : "A Mulatschak (all five tricks) is the highest bid in the bidding.",
  );
  add(
    "bidding",
    rules.bidding === "single"
      ? de
        ? `Jeder sagt einmal an, wie viele Stiche er macht (mindestens ${rules.minBid}), oder passt; der Geber darf das höchste Gebot halten.`
        : `Everyone bids once how many tricks they will take (at least ${rules.minBid}) or passes; the dealer may hold the highest bid.`
      : de
        ? `Gereizt wird reihum, bis keiner mehr erhöht (mindestens ${rules.minBid}).`
        : `The bidding goes round until nobody raises (at least ${rules.minBid}).`,
    ["bidding", "minBid"],
  );
  if (rules.oneBidHearts) add("oneBidHearts", de ? "Wer 1 ansagt, spielt mit Herz als Trumpf." : "A bid of 1 is played with hearts as trump.");
  add("heartsDouble", rules.heartsDouble ? (de ? "Herz als Trumpf zählt doppelt." : "Hearts as trump counts double.") : de ? "Herz zählt nicht doppelt." : "Hearts does not count double.");
  add(
    "stayHome",
    rules.stayHome === false
      ? de
        ? "Daheimbleiben gibt es nicht: alle spielen mit."
        : "Nobody may stay home: everyone plays."
      : de
        ? `Wer nicht ansagt, darf daheimbleiben (${points(lang, rules.stayHome)}), außer mit ${withPlain(lang, rules.mustPlayAt)} oder weniger.`
        : `A defender may stay home (${points(lang, rules.stayHome)}), except with ${plain(lang, rules.mustPlayAt)} or fewer.`,
    ["stayHome", "mustPlayAt"],
  );
  add(
    "maxExchange",
    de
      ? `Tauschen: bis zu ${cards(lang, rules.maxExchange)}, zu viert bis zu ${cards(lang, rules.maxExchange4)}; mit ${withPlain(lang, rules.noExchangeAt)} oder weniger wird nicht getauscht.`
      : `Exchange up to ${cards(lang, rules.maxExchange)}, with four in the hand up to ${cards(lang, rules.maxExchange4)}; with ${plain(lang, rules.noExchangeAt)} or fewer, no exchange.`,
    ["maxExchange", "maxExchange4", "noExchangeAt"],
  );
  add(
    "faceUp",
    rules.faceUp === "off"
      ? de
        ? "Beim Tauschen wird keine Karte aufgedeckt."
        : "No card is turned face up in the exchange."
      : rules.faceUp === "app"
        ? de
          ? "Wer eine oder fünf Karten tauscht, bekommt die oberste Karte offen angeboten."
          : "Whoever exchanges one or five cards is offered the top card face up."
        : de
          ? "Getauscht wird nach Bergxi-Art: die oberste Karte wird gezeigt (gschaude)."
          : "The exchange is the Bergxi way: the top card is shown (gschaude).",
  );
  if (rules.shortTalonOut !== false)
    add(
      "shortTalonOut",
      de
        ? `Zu viert darf der Letzte bei zu kurzem Talon aussteigen (${points(lang, rules.shortTalonOut)}).`
        : `With four in the hand the last may drop out when the talon is short (${points(lang, rules.shortTalonOut)}).`,
    );
  add(
    "mustTrump",
    [
      de ? "Farbe muss bedient werden." : "You must follow suit.",
      rules.mustTrump ? (de ? "Wer nicht bedienen kann, muss trumpfen." : "Who cannot follow must trump.") : "",
      rules.mustHead ? (de ? "Wer den Stich überbieten kann, muss es." : "Who can beat the trick must do so.") : "",
    ]
      .filter(Boolean)
      .join(" "),
    ["mustTrump", "mustHead"],
  );
  add(
    "failCost",
    de
      ? `Jeder Stich: −1 Punkt. Wer die Ansage nicht schafft: ${points(lang, rules.failCost)}. Kein Stich (mitgespielt): ${points(lang, rules.noTrickCost)}.`
      : `Each trick: −1 point. Failing the bid: ${points(lang, rules.failCost)}. No trick (having played): ${points(lang, rules.noTrickCost)}.`,
    ["failCost", "noTrickCost"],
  );
  add(
    "mulatschakWin",
    de
      ? `Mulatschak geschafft: ${points(lang, rules.mulatschakWin)}, die anderen ${points(lang, rules.mulatschakWinOthers)}; nicht geschafft: ${points(lang, rules.mulatschakLoss)}, die anderen ${points(lang, rules.mulatschakLossOthers)}.`
      : `Mulatschak made: ${points(lang, rules.mulatschakWin)}, the others ${points(lang, rules.mulatschakWinOthers)}; failed: ${points(lang, rules.mulatschakLoss)}, the others ${points(lang, rules.mulatschakLossOthers)}.`,
    ["mulatschakWin", "mulatschakWinOthers", "mulatschakLoss", "mulatschakLossOthers"],
  );
  if (rules.players === 5)
    add(
      "fiveDealerSitsOut",
      rules.fiveDealerSitsOut
        ? de
          ? "Zu fünft bekommt der Geber keine Karten."
          : "With five players the dealer gets no cards."
        : de
          ? "Zu fünft spielt auch der Geber mit."
          : "With five players the dealer plays too.",
    );
  add(
    "outAbove",
    [
      rules.outAbove !== false ? (de ? `Wer über ${plain(lang, rules.outAbove)} kommt, scheidet aus.` : `Whoever climbs above ${plain(lang, rules.outAbove)} is out.`) : "",
      rules.endAbove !== false
        ? de
          ? `Das Spiel endet, sobald jemand über ${plain(lang, rules.endAbove)} kommt; der Niedrigste gewinnt.`
          : `The game ends when anyone passes ${plain(lang, rules.endAbove)}; the lowest score wins.`
        : "",
    ]
      .filter(Boolean)
      .join(" ") || (de ? "Niemand scheidet aus." : "Nobody drops out."),
    ["outAbove", "endAbove"],
  );
  return lines;
}
