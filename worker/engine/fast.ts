// The engine's second door, for code that plays many hands on states it owns (the searching bots'
// playouts, the engine benchmark): cards as ids, the trick rule without parsing, moves applied in
// place. Everything here trusts its caller; untrusted input goes through `applyAction` (index.ts).
export { WELI, deckOf, isTrump, playSuit, strength, suitIndex, suitOf } from "./cards";
export { beats, playableCards, playableIn, playCard } from "./tricks";
export { emptyHand, isWhite } from "./deal";
export { randomAction, randomStep } from "./random-play";
export { shuffle } from "./rng";
