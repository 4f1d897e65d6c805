// Create a table: players, preset, start points, every house rule with a one-line explanation,
// and the seats (person or bot). Then every seat's personal link, to copy or scan.
import { ClockFields } from "../components/ClockFields";
import type { OnTimeout } from "../logic/clock-choices";
import { createMemo, createSignal, For, Index, Show } from "solid-js";
import { PRESETS, resolveRules, type PresetName, type Rules } from "../../../worker/engine";
import { errorText } from "../i18n";
import * as tables from "../api/tables";
import { RuleField } from "../components/RuleField";
import type { RuleName } from "../i18n/en";
import { SeatLinks } from "../components/SeatLinks";
import { seats as mySeats } from "../store/seats";
import { hosts } from "../store/hosts";
import { nameBots } from "../logic/bot-names";
import { ensurePlayer } from "../store/claim";
import { t } from "../i18n";
import { lifecycleWords } from "../i18n/lifecycle";

const HIDDEN = new Set<keyof Rules>(["preset", "players", "startPoints"]);

/**
 * The server's bot levels, weakest first: the keys of their labels, whose type is checked against
 * worker/bots' `BotLevel` (the client takes only types from the server; the bots stay out of the bundle).
 */
const BOT_CHOICES = Object.keys(t().botLevels) as tables.BotLevel[];


interface SeatForm {
  name: string;
  /** "" for a person, else the bot level. */
  bot: tables.BotLevel | "";
}


export default function Create() {
  const [preset, setPreset] = createSignal<PresetName>("standard");
  const [players, setPlayers] = createSignal(4);
  const [overrides, setOverrides] = createSignal<Record<string, unknown>>({});
  const [seatForms, setSeatForms] = createSignal<SeatForm[]>([0, 1, 2, 3, 4].map(() => ({ name: "", bot: "" })));
  const [me, setMe] = createSignal(0);
  // The table's hint switch (not the player's bidding-marks setting called `hints`).
  const [allowHints, setAllowHints] = createSignal(true);
  // The decision clock: by default 48 hours, then a bot plays that one decision (0 = no limit).
  const [clockHours, setClockHours] = createSignal(48);
  const [onTimeout, setOnTimeout] = createSignal<OnTimeout>("botOnce");
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string | null>(null);
  const [result, setResult] = createSignal<tables.CreatedTable | null>(null);

  const range = () => {
    const p = PRESETS[preset()];
    return Array.from({ length: p.playersMax - p.playersMin + 1 }, (_, i) => p.playersMin + i);
  };
  const resolved = createMemo(() => resolveRules({ preset: preset(), players: players(), ...overrides() }));
  const rules = createMemo<Rules | null>((prev) => {
    const r = resolved();
    return r.ok ? r.rules : prev ?? null;
  }, null);
  const setOption = (name: string, value: unknown) => setOverrides({ ...overrides(), [name]: value });
  const setSeat = (i: number, patch: Partial<SeatForm>) => setSeatForms(seatForms().map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const submit = async (e: Event) => {
    e.preventDefault();
    // A bot seat left unnamed gets a name of its own; a person's seat needs one typed.
    const named = nameBots(seatForms().slice(0, players()));
    const list = seatForms().slice(0, players()).map((s, i) => ({ ...s, name: named[i] }));
    if (list.some((s) => !s.name)) return setError(t().nameMissing);
    const r = resolved();
    if (!r.ok) return setError(r.error.message);
    setBusy(true);
    setError(null);
    try {
      // The creator's player (made silently with their seat's name if this browser has none)
      // keeps their seat and the host link, on every device they sign in on.
      const you = list[me()]?.bot ? list.findIndex((s) => !s.bot) : me();
      const key = await ensurePlayer(list[you].name);
      const res = await tables.create(
        {
          rules: { preset: preset(), players: players(), ...overrides() },
          seats: list.map((s) => (s.bot ? { name: s.name.trim(), bot: s.bot } : { name: s.name.trim() })),
          hints: allowHints(),
          you,
          clock: clockHours() ? { hours: clockHours(), onTimeout: onTimeout() } : null,
        },
        key,
      );
      hosts.keep(res.id, res.host.key);
      setResult(res);
      const mine = res.seats.find((s) => s.seat === you && s.token);
      if (mine?.token) mySeats.remember({ id: res.id, token: mine.token, seat: mine.seat, name: mine.name, linked: !!key });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="page create">
      <Show when={result()} fallback={
        <form onSubmit={submit}>
          <h1>{t().createTitle}</h1>
          <div class="row">
            <label>
              {t().preset}
              <select
                name="preset"
                value={preset()}
                onChange={(e) => {
                  setPreset(e.currentTarget.value as PresetName);
                  setOverrides({});
                  const r = range();
                  if (!r.includes(players())) setPlayers(r[r.length - 1]);
                }}
              >
                <For each={Object.keys(PRESETS) as PresetName[]}>{(p) => <option value={p}>{t().presets[p]}</option>}</For>
              </select>
            </label>
            <label>
              {t().players}
              <select name="players" value={players()} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
                <For each={range()}>{(n) => <option value={n}>{n}</option>}</For>
              </select>
            </label>
            <label>
              {t().startPoints}
              <input
                name="startPoints"
                type="number"
                min="1"
                max="200"
                inputmode="numeric"
                value={rules()?.startPoints ?? ""}
                onChange={(e) => setOption("startPoints", Number(e.currentTarget.value))}
              />
            </label>
          </div>
          <p class="help">{t().startPointsHelp}</p>

          <fieldset class="seats">
            <legend>{t().seats}</legend>
            <Index each={seatForms().slice(0, players())}>
              {(s, i) => (
                <div class="seat-row">
                  <input
                    type="text"
                    name={`seat${i}`}
                    placeholder={s().bot ? nameBots(seatForms().slice(0, players()))[i] : t().seatName(i)}
                    aria-label={t().seatName(i)}
                    maxLength={24}
                    value={s().name}
                    onInput={(e) => setSeat(i, { name: e.currentTarget.value })}
                  />
                  <select name={`bot${i}`} aria-label={`${t().seatName(i)}: ${t().person} / ${t().bot}`} value={s().bot} onChange={(e) => {
                    setSeat(i, { bot: e.currentTarget.value as SeatForm["bot"] });
                    if (e.currentTarget.value && me() === i) setMe(seatForms().findIndex((f, j) => j < players() && !f.bot));
                  }}>
                    <option value="">{t().person}</option>
                    <For each={BOT_CHOICES}>{(l) => <option value={l}>{`${t().bot}: ${t().botLevels[l]}`}</option>}</For>
                  </select>
                  <label class="choice">
                    <input type="radio" name="me" checked={me() === i} disabled={!!s().bot} onChange={() => setMe(i)} />
                    {t().thatsMe}
                  </label>
                </div>
              )}
            </Index>
          </fieldset>

          <ClockFields hours={clockHours()} onTimeout={onTimeout()} setHours={setClockHours} setOnTimeout={setOnTimeout} />
          <p class="help">{lifecycleWords().clockHelp}</p>

          <label class="choice">
            <input type="checkbox" name="hints" checked={allowHints()} onChange={(e) => setAllowHints(e.currentTarget.checked)} />
            {t().allowHints}
          </label>
          <p class="help">{t().allowHintsHelp}</p>

          <details class="house-rules">
            <summary>{t().houseRules}</summary>
            <p class="help">{t().houseRulesHelp}</p>
            <Show when={rules()}>
              {(r) => (
                <For each={(Object.keys(r()) as (keyof Rules)[]).filter((k): k is RuleName => !HIDDEN.has(k))}>
                  {(name) => <RuleField name={name} value={(r() as unknown as Record<string, unknown>)[name]} set={(v) => setOption(name, v)} />}
                </For>
              )}
            </Show>
          </details>

          <Show when={error() ?? (!resolved().ok && (resolved() as { error: { message: string } }).error.message)}>
            <p class="error" role="alert">
              {error() ?? (resolved() as { error: { message: string } }).error.message}
            </p>
          </Show>
          <button type="submit" class="primary" disabled={busy()}>
            {busy() ? t().creating : t().create}
          </button>
        </form>
      }>
        {(res) => <SeatLinks result={res()} me={me()} />}
      </Show>
    </section>
  );
}
