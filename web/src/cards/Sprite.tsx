// The suit signs of both card styles, defined once per page and drawn with <use>, so that a hand of
// cards costs a few elements each. Every sign is drawn on a 20×20 grid. The French signs take their
// colour from the <use> element (`color`), so the two- and four-colour decks share them.
import type { Suit } from "../../../worker/engine";
import type { CardStyle } from "../store/settings";

/**
 * Ink per suit, each at least 4.5:1 on the white card (the Schellen gold of the signs is too light
 * for text: its index is a dark amber, 5.2:1). Four colours: clubs green, diamonds blue.
 */
const INK = {
  dd: { E: "#5d3a17", L: "#2e7d32", H: "#c62828", S: "#a15c00" },
  fr: { E: "#1d1d1d", L: "#1d1d1d", H: "#c62828", S: "#c62828" },
  fr4: { E: "#1b7a1b", L: "#1d1d1d", H: "#c62828", S: "#1565c0" },
} as const;
export const WELI_INK = "#8e1414";

export function suitInk(suit: Suit, style: CardStyle, fourColors = false): string {
  return INK[style === "fr" && fourColors ? "fr4" : style][suit];
}

/**
 * Words drawn on a card besides its top-left index (the bottom index, the Sau's and the Weli's
 * banners), as symbols: text inside a <use> is not part of the button's text, so a card button's
 * visible text is its one index, which its accessible name contains (voice control says "K").
 */
export const CARD_WORDS = ["S", "K", "O", "U", "A", "D", "B", "Q", "J", "10", "9", "8", "7", "6", "W", "SAU", "WELI"];
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

const heart = "M10 18C3 13 0 9 1.6 5.5 3.2 2 7.8 1.8 10 5.6 12.2 1.8 16.8 2 18.4 5.5 20 9 17 13 10 18Z";

export function Sprite() {
  return (
    <svg width="0" height="0" style={{ position: "absolute" }} aria-hidden="true">
      {/* doppeldeutsch: acorn, leaf, heart, bell (dark outlines keep each at ≥ 3:1 on white) */}
      <symbol id="s-dd-E" viewBox="0 0 20 20">
        <path d="M10 0.8v3.4" stroke="#4a2c0e" stroke-width="1.8" stroke-linecap="round" />
        <ellipse cx="10" cy="12.8" rx="5.2" ry="6.2" fill="#c99a3c" stroke="#4a2c0e" stroke-width="1.1" />
        <path d="M3.4 10.2C3.4 4.6 16.6 4.6 16.6 10.2Z" fill="#7a4a1e" stroke="#4a2c0e" stroke-width="1.1" />
        <path d="M6 7.4l2 2.4M10 6.4v3.4M14 7.4l-2 2.4" stroke="#e0bd73" stroke-width="0.8" />
      </symbol>
      <symbol id="s-dd-L" viewBox="0 0 20 20">
        <path d="M10 1C16.5 5 18 11 10 17 2 11 3.5 5 10 1Z" fill="#2e7d32" stroke="#173f19" stroke-width="1.1" />
        <path d="M10 3v16.5M10 8l3.5-2.5M10 11l4-2.5M10 8L6.5 5.5M10 11L6 8.5" stroke="#b9e2bb" stroke-width="0.9" fill="none" />
      </symbol>
      <symbol id="s-dd-H" viewBox="0 0 20 20">
        <path d={heart} fill="#c62828" stroke="#7a1414" stroke-width="1" />
        <path d="M5 6.5C5.5 5 7 4.5 8 5.5" stroke="#f3b0b0" stroke-width="1.1" fill="none" />
      </symbol>
      <symbol id="s-dd-S" viewBox="0 0 20 20">
        <circle cx="10" cy="10.8" r="7.6" fill="#f2b705" stroke="#6b4200" stroke-width="1.4" />
        <path d="M2.8 9.4h14.4M2.8 12h14.4" stroke="#b71c1c" stroke-width="1.2" />
        <circle cx="10" cy="15" r="1.4" fill="#4a2e00" />
        <path d="M10 16.4v2" stroke="#4a2e00" stroke-width="1" />
        <circle cx="10" cy="2.3" r="1.3" fill="none" stroke="#6b4200" stroke-width="1" />
      </symbol>
      {/* French: clubs, spades, hearts, diamonds, in the colour of the <use> */}
      <symbol id="s-fr-E" viewBox="0 0 20 20">
        <g fill="currentColor">
          <circle cx="10" cy="5.6" r="4.1" />
          <circle cx="5.4" cy="11.4" r="4.1" />
          <circle cx="14.6" cy="11.4" r="4.1" />
          <path d="M9.2 9h1.6l1.4 10H7.8Z" />
        </g>
      </symbol>
      <symbol id="s-fr-L" viewBox="0 0 20 20">
        <path
          d="M10 1C13.5 5.5 18.5 8.2 18 12.4 17.6 15.6 13.6 16.2 11.2 13.8L12.4 19H7.6L8.8 13.8C6.4 16.2 2.4 15.6 2 12.4 1.5 8.2 6.5 5.5 10 1Z"
          fill="currentColor"
        />
      </symbol>
      <symbol id="s-fr-H" viewBox="0 0 20 20">
        <path d={heart} fill="currentColor" />
      </symbol>
      <symbol id="s-fr-S" viewBox="0 0 20 20">
        <path d="M10 1L17.5 10 10 19 2.5 10Z" fill="currentColor" />
      </symbol>
      {CARD_WORDS.map((w) => (
        <symbol id={`t-${w}`} viewBox={w.length > 2 ? "0 0 40 12" : "0 0 14 14"}>
          <text
            x={w.length > 2 ? 20 : 7}
            y={w.length > 2 ? 10 : 12}
            font-size={w.length > 2 ? "10" : w.length > 1 ? "10" : "12"}
            letter-spacing={w.length === 2 ? "-0.6" : w.length > 2 ? "1.2" : undefined}
            font-weight="800"
            font-family={FONT}
            text-anchor="middle"
            fill="currentColor"
          >
            {w}
          </text>
        </symbol>
      ))}
      {/* The Weli: a bell with a W, the same in both styles. */}
      <symbol id="s-W" viewBox="0 0 20 20">
        <circle cx="10" cy="10" r="9" fill="#f2b705" stroke="#6b4200" stroke-width="1.1" />
        <path d="M4.5 6.5l2.2 8 3.3-6.2 3.3 6.2 2.2-8" fill="none" stroke={WELI_INK} stroke-width="1.8" stroke-linejoin="round" />
      </symbol>
    </svg>
  );
}
