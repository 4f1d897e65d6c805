// One card face as SVG, in the chosen style. The accessible name ("Herz Ober") is given by the
// caller's button when the card is interactive, or by the SVG itself otherwise. Both indices stand
// upright (a card on a screen is never turned, so an upside-down 9 would read 6 and the Weli's W an
// M), and the pips keep clear of the corners.
import { For, Match, Switch, type JSX } from "solid-js";
import { cardLabel, rankLabel, rankOfName, suitLetter } from "../cards/names";
import { suitInk, WELI_INK } from "../cards/Sprite";
import { Figure } from "../cards/Figure";
import { settings } from "../store/settings";

// Pip centres on the 60×90 face for the number cards: two columns inside the corners.
const L = 22, R = 38, C = 30;
const PIPS: Record<string, [number, number][]> = {
  "6": [[L, 20], [R, 20], [L, 45], [R, 45], [L, 70], [R, 70]],
  "7": [[L, 20], [R, 20], [C, 32.5], [L, 45], [R, 45], [L, 70], [R, 70]],
  "8": [[L, 16], [R, 16], [L, 35.3], [R, 35.3], [L, 54.7], [R, 54.7], [L, 74], [R, 74]],
  "9": [[L, 16], [R, 16], [L, 35.3], [R, 35.3], [C, 45], [L, 54.7], [R, 54.7], [L, 74], [R, 74]],
  "10": [[L, 16], [R, 16], [C, 25.6], [L, 35.3], [R, 35.3], [L, 54.7], [R, 54.7], [C, 64.4], [L, 74], [R, 74]],
};
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

export function Card(props: { card: string; labelled?: boolean; class?: string }): JSX.Element {
  const style = () => settings.get().cardStyle;
  const weli = () => props.card === "W";
  const suit = () => suitLetter(props.card);
  const sym = () => (weli() ? "#s-W" : `#s-${style()}-${suit()}`);
  const ink = () => (weli() ? WELI_INK : suitInk(suit(), style(), settings.get().fourColors));
  const rank = () => rankOfName(props.card);
  const index = () => rankLabel(props.card, style(), settings.lang());
  const label = () => cardLabel(props.card, style(), settings.lang());
  const indexSize = () => (index().length > 1 ? "10" : "12");

  const Sign = (p: { x: number; y: number; size: number }) => <use href={sym()} x={p.x} y={p.y} width={p.size} height={p.size} color={ink()} />;

  return (
    <svg
      class={`card ${props.class ?? ""}`}
      viewBox="0 0 60 90"
      role={props.labelled ? "img" : undefined}
      aria-label={props.labelled ? label() : undefined}
      aria-hidden={props.labelled ? undefined : "true"}
      data-card={props.card}
    >
      <rect
        x="0.75"
        y="0.75"
        width="58.5"
        height="88.5"
        rx="5"
        fill={weli() ? "#fff1bf" : "#fff"}
        stroke={weli() ? "#8a6400" : "#777"}
        stroke-width={weli() ? 2 : 1.5}
      />
      {/* Top-left and bottom-right corners, both upright. */}
      <g font-family={FONT} font-weight="800" fill={ink()} text-anchor="middle">
        <text x="8.5" y="13" font-size={indexSize()} letter-spacing={index().length > 1 ? "-0.6" : undefined}>
          {index()}
        </text>
      </g>
      <use href={`#t-${index()}`} x="44.5" y="74" width="14" height="14" color={ink()} />
      <Sign x={3.5} y={15.5} size={10} />
      <Sign x={46.5} y={64} size={10} />
      <Switch fallback={<For each={PIPS[rank()] ?? []}>{([x, y]) => <Sign x={x - 5} y={y - 5} size={10} />}</For>}>
        <Match when={weli()}>
          <Sign x={15} y={12} size={30} />
          <path d="M10 50h40l-3 6 3 6H10l3-6Z" fill={WELI_INK} />
          <use href="#t-WELI" x="10" y="50" width="40" height="12" color="#fff" />
        </Match>
        <Match when={rank() === "A" && style() === "fr"}>
          <Sign x={15} y={30} size={30} />
        </Match>
        <Match when={rank() === "A"}>
          {/* The Sau: a large sign over a banner with its name. */}
          <Sign x={16} y={14} size={28} />
          <path d="M13 50h34l-3 6 3 6H13l3-6Z" fill="#fff3cd" stroke={ink()} stroke-width="1" />
          <use href="#t-SAU" x="13" y="50.5" width="34" height="11" color={ink()} />
        </Match>
        <Match when={["K", "O", "U"].includes(rank())}>
          <Figure rank={rank() as "K" | "O" | "U"} style={style()} ink={ink()} sign={sym()} />
        </Match>
      </Switch>
    </svg>
  );
}

/** A suit sign inline in text (trump, score sheet). */
export function SuitSign(props: { suit: string }) {
  const style = () => settings.get().cardStyle;
  const color = () => (props.suit === "W" ? WELI_INK : suitInk(props.suit as "E", style(), settings.get().fourColors));
  return (
    <svg class="suit-sign" viewBox="0 0 20 20" aria-hidden="true">
      <use href={props.suit === "W" ? "#s-W" : `#s-${style()}-${props.suit}`} color={color()} />
    </svg>
  );
}
