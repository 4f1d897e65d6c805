// The picture of a face card, drawn inside its frame (x 15–45, y 5–85 of the 60×90 face): a
// figure in the suit's colour with what tells the ranks apart at a glance, in the spirit of the
// printed decks. König / King: a crown and a long robe. Doppeldeutsch Ober: a plumed hat and the
// suit sign held high; Unter: a cap and the sign held low. French Dame: a tiara, long hair and a
// gown; Bube: a feathered cap, a tunic and a halberd.
import { Show } from "solid-js";
import type { CardStyle } from "../store/settings";

const SKIN = "#f6d7b0";
const LINE = "#3a2a1a";
const GOLD = "#f2b705";

export function Figure(props: { rank: "K" | "O" | "U"; style: CardStyle; ink: string; sign: string }) {
  const dd = () => props.style === "dd";
  const king = () => props.rank === "K";
  const queen = () => props.rank === "O" && !dd();
  const ober = () => props.rank === "O" && dd();
  const jack = () => props.rank === "U";
  const Sign = (p: { x: number; y: number; size: number }) => (
    <>
      <circle cx={p.x + p.size / 2} cy={p.y + p.size / 2} r={p.size / 2 + 1.2} fill="#fff" stroke={props.ink} stroke-width="0.6" />
      <use href={props.sign} x={p.x} y={p.y} width={p.size} height={p.size} color={props.ink} />
    </>
  );
  return (
    <g stroke-linejoin="round">
      <rect x="15" y="5" width="30" height="80" rx="2.5" fill="#faf5e8" stroke={props.ink} stroke-width="1" />
      {/* Body: a long robe or gown for King and Dame, a tunic and legs otherwise. */}
      <Show
        when={king() || queen()}
        fallback={
          <>
            <path d="M26 62v14M34 62v14" stroke={LINE} stroke-width="2.6" stroke-linecap="round" />
            <path d="M21.5 36h17l2 27h-21Z" fill={props.ink} stroke={LINE} stroke-width="0.8" />
            <path d="M21.5 48h17" stroke={GOLD} stroke-width="1.4" />
          </>
        }
      >
        <path d={queen() ? "M22 35h16l6 44H16Z" : "M21 35h18l4 44H17Z"} fill={props.ink} stroke={LINE} stroke-width="0.8" />
        <path d={queen() ? "M24 35l6 10 6-10" : "M21.5 35h17v4h-17Z"} fill="#fff" stroke={LINE} stroke-width="0.6" />
      </Show>
      {/* Head. */}
      <Show when={queen()}>
        <path d="M23.5 27c0-8 13-8 13 0v10h-13Z" fill="#8d5a2b" stroke={LINE} stroke-width="0.6" />
      </Show>
      <circle cx="30" cy="27.5" r="5.2" fill={SKIN} stroke={LINE} stroke-width="0.8" />
      <path d="M28 27h.01M32 27h.01" stroke={LINE} stroke-width="1.4" stroke-linecap="round" />
      <Show when={king()}>
        <path d="M25.5 29.5c1 5.5 8 5.5 9 0" fill="#e8e2d4" stroke={LINE} stroke-width="0.6" />
      </Show>
      {/* Headgear. */}
      <Show when={king()}>
        <path d="M23.5 23V15l3.2 3.6L30 12l3.3 6.6 3.2-3.6v8Z" fill={GOLD} stroke={LINE} stroke-width="0.8" />
      </Show>
      <Show when={queen()}>
        <path d="M25 22.5l1.5-4 2 2.5 1.5-4 1.5 4 2-2.5 1.5 4Z" fill={GOLD} stroke={LINE} stroke-width="0.7" />
      </Show>
      <Show when={ober()}>
        <ellipse cx="30" cy="22.6" rx="8" ry="1.8" fill={LINE} />
        <path d="M25.5 22.4c0-6 9-6 9 0Z" fill={LINE} />
        <path d="M33 18c3-5 6-5 8-4-3 0-5 2-7 5Z" fill="#fff" stroke={LINE} stroke-width="0.6" />
      </Show>
      <Show when={jack()}>
        <path d="M24.5 23.5c0-7 11-7 11 0Z" fill={dd() ? "#b71c1c" : LINE} stroke={LINE} stroke-width="0.6" />
        <Show when={!dd()}>
          <path d="M34 19c2-4 5-5 7-4-3 1-4 3-6 5Z" fill="#fff" stroke={LINE} stroke-width="0.6" />
        </Show>
      </Show>
      {/* What each holds: the sceptre, the sign high (Ober) or low (Unter), the halberd (Bube). */}
      <Show when={king()}>
        <path d="M40.5 33v30" stroke={LINE} stroke-width="1.2" />
        <circle cx="40.5" cy="31.5" r="2" fill={GOLD} stroke={LINE} stroke-width="0.6" />
        <Sign x={24} y={49} size={12} />
      </Show>
      <Show when={queen()}>
        <Sign x={24} y={52} size={12} />
        <path d="M18.5 40c-2 2-2 5 0 6" stroke={LINE} stroke-width="1" fill="none" />
      </Show>
      <Show when={ober()}>
        <path d="M38 38l3-21" stroke={SKIN} stroke-width="2.4" stroke-linecap="round" />
        <Sign x={34} y={6.5} size={10} />
      </Show>
      <Show when={jack() && dd()}>
        <path d="M38 38l3 26" stroke={SKIN} stroke-width="2.4" stroke-linecap="round" />
        <Sign x={34.5} y={66} size={9.5} />
      </Show>
      <Show when={jack() && !dd()}>
        <path d="M19 16v66" stroke={LINE} stroke-width="1.1" />
        <path d="M19 12l-2.5 5h5Z M19 17c-3 0-3.5 4-0.5 5" fill="#9e9e9e" stroke={LINE} stroke-width="0.5" />
        <Sign x={35} y={64} size={9} />
      </Show>
    </g>
  );
}
