// One card face as SVG, in the chosen style. The accessible name ("Herz Ober") is given by the
// caller's button when the card is interactive, or by the SVG itself otherwise.
import { For, Show, type JSX } from "solid-js";
import { cardLabel, rankLabel, rankOfName, suitLetter } from "../cards/names";
import { SUIT_COLOR } from "../cards/Sprite";
import { settings } from "../store/settings";

// Pip positions (centres) on the 60×90 face for the number cards.
const L = 18, R = 42, C = 30;
const PIPS: Record<string, [number, number][]> = {
  "6": [[L, 24], [R, 24], [L, 45], [R, 45], [L, 66], [R, 66]],
  "7": [[L, 24], [R, 24], [C, 34.5], [L, 45], [R, 45], [L, 66], [R, 66]],
  "8": [[L, 22], [R, 22], [L, 37.5], [R, 37.5], [L, 52.5], [R, 52.5], [L, 68], [R, 68]],
  "9": [[L, 22], [R, 22], [L, 37.5], [R, 37.5], [C, 45], [L, 52.5], [R, 52.5], [L, 68], [R, 68]],
  "10": [[L, 22], [R, 22], [C, 30], [L, 37.5], [R, 37.5], [L, 52.5], [R, 52.5], [C, 60], [L, 68], [R, 68]],
};

export function Card(props: { card: string; labelled?: boolean; class?: string }): JSX.Element {
  const style = () => settings.get().cardStyle;
  const weli = () => props.card === "W";
  const suit = () => suitLetter(props.card);
  const sym = () => (weli() ? "#s-W" : `#s-${style()}-${suit()}`);
  const color = () => (weli() ? "#7a1010" : SUIT_COLOR[style()][suit()]);
  const rank = () => rankOfName(props.card);
  const index = () => (weli() ? "W" : rankLabel(props.card, style()));
  const figure = () => ["K", "O", "U"].includes(rank());
  const label = () => cardLabel(props.card, style(), settings.lang());

  const corner = () => (
    <>
      <text x="5" y="14" font-size="12" font-weight="700" fill={color()} font-family="system-ui,sans-serif">
        {index()}
      </text>
      <use href={sym()} x="3.5" y="17" width="10" height="10" />
    </>
  );

  return (
    <svg
      class={`card ${props.class ?? ""}`}
      viewBox="0 0 60 90"
      role={props.labelled ? "img" : undefined}
      aria-label={props.labelled ? label() : undefined}
      aria-hidden={props.labelled ? undefined : "true"}
      data-card={props.card}
    >
      <rect x="0.75" y="0.75" width="58.5" height="88.5" rx="5" fill={weli() ? "#fff8e1" : "#fff"} stroke="#888" stroke-width="1.5" />
      {corner()}
      <g transform="rotate(180 30 45)">{corner()}</g>
      <Show when={weli()}>
        <use href="#s-W" x="13" y="26" width="34" height="34" />
        <text x="30" y="72" font-size="10" text-anchor="middle" font-weight="700" fill="#7a1010" font-family="system-ui,sans-serif">
          Weli
        </text>
      </Show>
      <Show when={!weli() && rank() === "A"}>
        <use href={sym()} x="12" y="27" width="36" height="36" />
      </Show>
      <Show when={!weli() && figure()}>
        <rect x="13" y="19" width="34" height="52" rx="3" fill="none" stroke={color()} stroke-width="1.2" />
        <text x="30" y="47" font-size="22" text-anchor="middle" font-weight="700" fill={color()} font-family="Georgia,serif">
          {index()}
        </text>
        <use href={sym()} x="22" y="51" width="16" height="16" />
      </Show>
      <For each={PIPS[rank()] ?? []}>{([x, y]) => <use href={sym()} x={x - 6} y={y - 6} width="12" height="12" />}</For>
    </svg>
  );
}

/** A suit sign inline in text (trump, score sheet). */
export function SuitSign(props: { suit: string }) {
  const style = () => settings.get().cardStyle;
  return (
    <svg class="suit-sign" viewBox="0 0 20 20" aria-hidden="true">
      <use href={props.suit === "W" ? "#s-W" : `#s-${style()}-${props.suit}`} />
    </svg>
  );
}
