// Rules & help: how a hand goes, the signs of the table, the cards in both styles, and a preset's
// rules in words, in the player's language and card style.
import { createMemo, createSignal, For } from "solid-js";
import { PRESETS, resolveRules, type PresetName, type Rules } from "../../../worker/engine";
import { Card } from "../components/Card";
import { Legend } from "../components/Legend";
import { RulesList } from "../components/RulesList";
import { t } from "../i18n";

const RANKS = ["A", "K", "O", "U", "10", "9", "8", "7", "6"];

export default function Help() {
  const h = () => t().helpPage;
  const [preset, setPreset] = createSignal<PresetName>("standard");
  const [players, setPlayers] = createSignal(4);
  const rules = createMemo<Rules | null>(() => {
    const max = PRESETS[preset()].playersMax;
    const r = resolveRules({ preset: preset(), players: Math.min(players(), max) });
    return r.ok ? r.rules : null;
  });
  return (
    <section class="page help-page">
      <h1>{h().help}</h1>
      <ol class="flow">
        <For each={h().flow}>{(step) => <li>{step}</li>}</For>
      </ol>
      <h2>{h().legend}</h2>
      <Legend />
      <h2>{h().cardsTitle}</h2>
      <p>{h().cardsText}</p>
      <div class="deck-row" role="list">
        <div role="listitem">
          <Card card="W" labelled />
        </div>
        <For each={RANKS}>
          {(r) => (
            <div role="listitem">
              <Card card={`H${r}`} labelled />
            </div>
          )}
        </For>
      </div>
      <div class="deck-row" role="list">
        <For each={["E", "L", "H", "S"]}>
          {(s) => (
            <div role="listitem">
              <Card card={`${s}A`} labelled />
            </div>
          )}
        </For>
      </div>
      <h2>{h().rulesTitle}</h2>
      <div class="row">
        <label>
          {t().preset}{" "}
          <select value={preset()} onChange={(e) => setPreset(e.currentTarget.value as PresetName)}>
            <For each={Object.keys(PRESETS) as PresetName[]}>{(p) => <option value={p}>{t().presets[p] ?? p}</option>}</For>
          </select>
        </label>
        <label>
          {h().playersLabel}{" "}
          <select value={String(players())} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
            <For each={[2, 3, 4, 5]}>{(n) => <option value={String(n)}>{n}</option>}</For>
          </select>
        </label>
      </div>
      {rules() ? <RulesList rules={rules()!} /> : null}
    </section>
  );
}
