// The suit signs of both card styles, defined once per page and drawn with <use>, so that a hand of
// cards costs a few elements each. Every sign is drawn on a 20×20 grid.
export const SUIT_COLOR = {
  dd: { E: "#7a4a1e", L: "#2e7d32", H: "#c62828", S: "#d98e04" },
  fr: { E: "#1d1d1d", L: "#1d1d1d", H: "#c62828", S: "#c62828" },
} as const;

const heart = "M10 18C3 13 0 9 1.6 5.5 3.2 2 7.8 1.8 10 5.6 12.2 1.8 16.8 2 18.4 5.5 20 9 17 13 10 18Z";

export function Sprite() {
  return (
    <svg width="0" height="0" style={{ position: "absolute" }} aria-hidden="true">
      {/* doppeldeutsch: acorn, leaf, heart, bell */}
      <symbol id="s-dd-E" viewBox="0 0 20 20">
        <path d="M10 1.2v3" stroke="#5a3412" stroke-width="1.6" />
        <ellipse cx="10" cy="12.6" rx="5" ry="6.2" fill="#c99a3c" stroke="#5a3412" stroke-width="0.8" />
        <path d="M3.6 10C3.6 4.8 16.4 4.8 16.4 10Z" fill="#7a4a1e" stroke="#5a3412" stroke-width="0.8" />
        <path d="M6 7.2l2 2.4M10 6.4v3.2M14 7.2l-2 2.4" stroke="#c99a3c" stroke-width="0.7" />
      </symbol>
      <symbol id="s-dd-L" viewBox="0 0 20 20">
        <path d="M10 1C16.5 5 18 11 10 17 2 11 3.5 5 10 1Z" fill="#2e7d32" stroke="#1b4d1e" stroke-width="0.8" />
        <path d="M10 3v16.5M10 8l3.5-2.5M10 11l4-2.5M10 8L6.5 5.5M10 11L6 8.5" stroke="#a5d6a7" stroke-width="0.8" fill="none" />
      </symbol>
      <symbol id="s-dd-H" viewBox="0 0 20 20">
        <path d={heart} fill="#c62828" stroke="#8e1b1b" stroke-width="0.8" />
        <path d="M5 6.5C5.5 5 7 4.5 8 5.5" stroke="#ef9a9a" stroke-width="1" fill="none" />
      </symbol>
      <symbol id="s-dd-S" viewBox="0 0 20 20">
        <circle cx="10" cy="10.5" r="7.6" fill="#f2b705" stroke="#8a5a00" stroke-width="0.9" />
        <path d="M2.6 9.2h14.8M2.6 11.6h14.8" stroke="#c62828" stroke-width="1.1" />
        <circle cx="10" cy="14.6" r="1.3" fill="#5a3a00" />
        <path d="M10 16v2" stroke="#5a3a00" stroke-width="0.9" />
        <circle cx="10" cy="2.4" r="1.2" fill="none" stroke="#8a5a00" stroke-width="0.8" />
      </symbol>
      {/* French: clubs, spades, hearts, diamonds */}
      <symbol id="s-fr-E" viewBox="0 0 20 20">
        <g fill="#1d1d1d">
          <circle cx="10" cy="5.6" r="4.1" />
          <circle cx="5.4" cy="11.4" r="4.1" />
          <circle cx="14.6" cy="11.4" r="4.1" />
          <path d="M9.2 9h1.6l1.4 10H7.8Z" />
        </g>
      </symbol>
      <symbol id="s-fr-L" viewBox="0 0 20 20">
        <path
          d="M10 1C13.5 5.5 18.5 8.2 18 12.4 17.6 15.6 13.6 16.2 11.2 13.8L12.4 19H7.6L8.8 13.8C6.4 16.2 2.4 15.6 2 12.4 1.5 8.2 6.5 5.5 10 1Z"
          fill="#1d1d1d"
        />
      </symbol>
      <symbol id="s-fr-H" viewBox="0 0 20 20">
        <path d={heart} fill="#c62828" />
      </symbol>
      <symbol id="s-fr-S" viewBox="0 0 20 20">
        <path d="M10 1L17.5 10 10 19 2.5 10Z" fill="#c62828" />
      </symbol>
      {/* The Weli: a bell with a W, the same in both styles. */}
      <symbol id="s-W" viewBox="0 0 20 20">
        <circle cx="10" cy="10" r="9" fill="#f2b705" stroke="#8a5a00" stroke-width="0.9" />
        <path d="M4.5 6.5l2.2 8 3.3-6.2 3.3 6.2 2.2-8" fill="none" stroke="#7a1010" stroke-width="1.7" stroke-linejoin="round" />
      </symbol>
    </svg>
  );
}
