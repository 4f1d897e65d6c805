// The words of the help page (the legend and the rules in short).
// Kept beside en.ts and de.ts by area, as the pages are: both languages here, the German typed
// by the English (same keys).

const enOf = () => ({
  help: "Rules & help",
  nav: "Help",
  legend: "What the signs mean",
  legendRows: [
    ["G / D", "the dealer"],
    ["21", "points: they count down, 0 or less wins"],
    ["●", "one trick taken this hand"],
    ["3 ★", "the declarer and the tricks they bid"],
    ["M", "a Mulatschak: all five tricks called"],
    ["✕", "stays home or sits this hand out"],
    ["·", "no bid (yet) / not asked yet"],
    ["–", "passed, or no Mulatschak"],
    ["↓", "outbid by a higher bid"],
    ["○", "a white hand (no figure): dealt again"],
    ["×2", "the stake: everything counts double (○ white hand, – nobody bid, ♥ hearts)"],
    ["bot", "a bot plays for this player until they return"],
  ] as [string, string][],
  legendCards: "A card with a yellow ring can be played; a dimmed one explains why not when pressed. A dashed blue frame marks what a hint suggests.",
  cardsTitle: "The cards, highest first",
  cardsText: "In each suit: Sau (Ace), König, Ober, Unter, 10, 9, 8, 7 (and 6 with 36 cards). The Weli is always trump, between the trump Sau and the trump König.",
  rulesTitle: "The rules",
  rulesOfPreset: "Rules of",
  playersLabel: "Players",
  houseRule: "house rule",
  flow: [
    "Deal: five cards each; the rest is the talon.",
    "Mulatschak round and bidding: who bids the most tricks becomes the declarer and names trump.",
    "Exchange: everyone else plays along or stays home; then each exchanges cards from the talon.",
    "Play: five tricks; follow suit, trump, beat the trick as the rules below say.",
    "Score: points count down; whoever reaches 0 first wins.",
  ],
});

export const helpPageEn = enOf();

const deOf = (): typeof helpPageEn => ({
  help: "Regeln & Hilfe",
  nav: "Hilfe",
  legend: "Was die Zeichen bedeuten",
  legendRows: [
    ["G / D", "der Geber"],
    ["21", "Punkte: sie zählen hinunter, 0 oder weniger gewinnt"],
    ["●", "ein Stich in diesem Spiel"],
    ["3 ★", "wer angesagt hat, und wie viele Stiche"],
    ["M", "ein Mulatschak: alle fünf Stiche angesagt"],
    ["✕", "bleibt daheim oder setzt dieses Spiel aus"],
    ["·", "(noch) keine Ansage / noch nicht gefragt"],
    ["–", "gepasst, oder kein Mulatschak"],
    ["↓", "überboten"],
    ["○", "eine Weiße (keine Figur): neu gegeben"],
    ["×2", "der Einsatz: alles zählt doppelt (○ Weiße, – keiner hat angesagt, ♥ Herz)"],
    ["Bot", "ein Bot spielt für diese Person, bis sie zurück ist"],
  ],
  legendCards: "Eine Karte mit gelbem Rand kann gespielt werden; eine abgedunkelte sagt beim Antippen, warum nicht. Ein blau gestrichelter Rahmen zeigt, was ein Tipp vorschlägt.",
  cardsTitle: "Die Karten, die höchste zuerst",
  cardsText: "In jeder Farbe: Sau, König, Ober, Unter, Zehner, Neuner, Achter, Siebener (und Sechser mit 36 Karten). Der Weli ist immer Trumpf, zwischen Trumpf-Sau und Trumpf-König.",
  rulesTitle: "Die Regeln",
  rulesOfPreset: "Regeln von",
  playersLabel: "Spieler",
  houseRule: "Hausregel",
  flow: [
    "Geben: jeder bekommt fünf Karten; der Rest ist der Talon.",
    "Mulatschak-Runde und Reizen: wer die meisten Stiche ansagt, spielt und bestimmt Trumpf.",
    "Tauschen: die anderen gehen mit oder bleiben daheim; dann tauscht jeder Karten aus dem Talon.",
    "Spielen: fünf Stiche; bedienen, trumpfen, überbieten, wie die Regeln unten sagen.",
    "Zählen: die Punkte zählen hinunter; wer zuerst auf 0 kommt, gewinnt.",
  ],
});

export const helpPageDe = deOf();
