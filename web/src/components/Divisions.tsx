// A league's divisions: each division's own standings, every member marked with how they came into
// it this season (↑ up, ↓ down, new) and, while the season runs, whether their place goes up or
// down at its end; the rule above, the tie-breaks below.
import { For, Show } from "solid-js";
import type { LeaguePage, Standing } from "../api/leagues";
import { divisionWords } from "../i18n/league-divisions";
import { Standings } from "./Standings";

type Division = NonNullable<LeaguePage["divisions"]>[number];
type Row = Division["standings"][number];

export function Divisions(props: { divisions: Division[]; size: number | null; moves: number; you: string | undefined }) {
  const d = () => divisionWords();
  const mark = (s: Standing) => {
    const r = s as Row;
    return (
      <>
        <Show when={r.move}>
          {(m) => (
            <span class={`move move-${m()}`} title={d().moveTitle[m()]} data-testid="move">
              {" "}
              {d().move[m()]}
            </span>
          )}
        </Show>
        <Show when={r.zone}>
          {(z) => (
            <span class={`zone zone-${z()}`} data-testid="zone">
              {" "}· {d().zone[z()]}
            </span>
          )}
        </Show>
      </>
    );
  };
  return (
    <section class="divisions" data-testid="divisions">
      <Show when={props.size}>{(size) => <p class="help">{d().divisionsHelp(size(), props.moves)}</p>}</Show>
      <For each={props.divisions}>{(div) => <Standings standings={div.standings} you={props.you} title={d().division(div.no)} mark={mark} />}</For>
    </section>
  );
}

/** The tie-breaks, in their order (shown under the standings, with or without divisions). */
export function TieBreaks() {
  return <p class="help" data-testid="tie-breaks">{divisionWords().tieBreaks}</p>;
}
