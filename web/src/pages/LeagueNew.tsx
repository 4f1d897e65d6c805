// Creating a league: name, description, the rules for the season (a preset plus start points),
// table size, bots, round length, time per decision, visibility. The admin key stays in this browser.
import { createSignal, Show } from "solid-js";
import { divisionWords } from "../i18n/league-divisions";
import { PRESETS, type PresetName } from "../../../worker/engine";
import * as leagues from "../api/leagues";
import { errorText, t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
import { A } from "../router";
import { leagueKeys } from "../store/leagues";
import { playerKey } from "../store/player";
import { ensurePlayer } from "../store/claim";
import { myLeagues } from "../store/my-leagues";
import { adminWords } from "../i18n/league-admin";
import { joinMyself } from "../components/PlayMyself";

export default function LeagueNew() {
  const [name, setName] = createSignal("");
  const [description, setDescription] = createSignal("");
  const [preset, setPreset] = createSignal("standard");
  const [startPoints, setStartPoints] = createSignal<number | null>(null);
  const [tableSize, setTableSize] = createSignal(4);
  const [allowBots, setAllowBots] = createSignal(false);
  const [roundDays, setRoundDays] = createSignal(7);
  const [decisionHours, setDecisionHours] = createSignal<number | null>(48);
  const [visibility, setVisibility] = createSignal<"private" | "public">("private");
  // Divisions (none by default): members per division, and how many go up and down each season.
  const [divisionSize, setDivisionSize] = createSignal<number | null>(null);
  const [divisionMoves, setDivisionMoves] = createSignal(1);
  // Whether the creator plays in the league too (they join with its invite at once), and as whom.
  const [playToo, setPlayToo] = createSignal(true);
  const [myName, setMyName] = createSignal("");
  const [error, setError] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal(false);
  const [done, setDone] = createSignal<{ id: string; adminLink: string; inviteLink: string; plays: boolean } | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const rules: Record<string, unknown> = { preset: preset() };
      if (startPoints()) rules.startPoints = startPoints();
      // One who plays gets a player first, so that it keeps the admin key too ("My leagues").
      const pk = playToo() ? await ensurePlayer(myName()) : playerKey();
      const r = await leagues.create({ name: name(), description: description(), rules, tableSize: tableSize(), allowBots: allowBots(), roundDays: roundDays(), decisionHours: decisionHours(), visibility: visibility(), divisionSize: divisionSize(), divisionMoves: divisionMoves() }, pk);
      leagueKeys.setAdmin(r.id, r.adminKey);
      if (playToo()) {
        const m = await joinMyself(r.id, r.invite, myName());
        if (m) leagueKeys.setMember(r.id, m);
      }
      void myLeagues.refetch();
      setDone({ ...r, plays: playToo() });
    } catch (err) {
      setError(errorText(err, leagueWords().errors));
    } finally {
      setBusy(false);
    }
  };

  const num = (set: (n: number) => void) => (e: Event) => set(Number((e.currentTarget as HTMLInputElement).value));
  // An empty optional field means "none" (no start points of its own, no clock), not 0.
  const optNum = (set: (n: number | null) => void) => (e: Event) => {
    const v = (e.currentTarget as HTMLInputElement).value;
    set(v ? Number(v) : null);
  };

  return (
    <section class="page league-new">
      <h1>{leagueWords().newLeague}</h1>
      <Show
        when={done()}
        fallback={
          <form onSubmit={submit} style={{ display: "flex", "flex-direction": "column", gap: "8px", "max-width": "520px" }}>
            <label>
              {leagueWords().name} <input required maxLength={60} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
            </label>
            <label>
              {leagueWords().description}
              <textarea maxLength={2000} rows={3} value={description()} onInput={(e) => setDescription(e.currentTarget.value)} />
            </label>
            <label>
              {leagueWords().preset}{" "}
              <select value={preset()} onChange={(e) => setPreset(e.currentTarget.value)}>
                {(Object.keys(PRESETS) as PresetName[]).map((p) => (
                  <option value={p}>{t().presets[p]}</option>
                ))}
              </select>
            </label>
            <label>
              {leagueWords().startPoints}{" "}
              <input type="number" min={1} max={200} value={startPoints() ?? ""} onInput={optNum(setStartPoints)} />
            </label>
            <label>
              {leagueWords().tableSize}{" "}
              <select value={tableSize()} onChange={num(setTableSize)}>
                {[3, 4, 5].map((n) => (
                  <option value={n}>{n}</option>
                ))}
              </select>
            </label>
            <label>
              <input type="checkbox" checked={allowBots()} onChange={(e) => setAllowBots(e.currentTarget.checked)} /> {leagueWords().allowBots}
            </label>
            <label>
              {leagueWords().roundDays} <input type="number" min={1} max={60} value={roundDays()} onInput={num(setRoundDays)} />
            </label>
            <label>
              {leagueWords().decisionHours}{" "}
              <input type="number" min={1} max={336} value={decisionHours() ?? ""} onInput={optNum(setDecisionHours)} />
            </label>
            <label>
              {divisionWords().divisionSize}{" "}
              <input type="number" data-testid="division-size" min={3} max={100} value={divisionSize() ?? ""} onInput={optNum(setDivisionSize)} />
            </label>
            <Show when={divisionSize()}>
              <label>
                {divisionWords().divisionMoves} <input type="number" data-testid="division-moves" min={1} max={50} value={divisionMoves()} onInput={num(setDivisionMoves)} />
              </label>
            </Show>
            <label>
              {leagueWords().visibility}{" "}
              <select value={visibility()} onChange={(e) => setVisibility(e.currentTarget.value as "private" | "public")}>
                <option value="private">{leagueWords().private}</option>
                <option value="public">{leagueWords().public}</option>
              </select>
            </label>
            <label>
              <input type="checkbox" data-testid="play-too" checked={playToo()} onChange={(e) => setPlayToo(e.currentTarget.checked)} /> {adminWords().playToo}
            </label>
            <Show when={playToo()}>
              <label>
                {leagueWords().yourName} <input required data-testid="my-name" maxLength={40} value={myName()} onInput={(e) => setMyName(e.currentTarget.value)} />
              </label>
            </Show>
            <Show when={error()}>
              <p class="error">{error()}</p>
            </Show>
            <button class="primary" type="submit" disabled={busy()}>
              {leagueWords().create}
            </button>
          </form>
        }
      >
        {(d) => (
          <div class="links">
            <h2>{leagueWords().created}</h2>
            <p class="notice" data-testid="created-member">
              {d().plays ? leagueWords().joined : adminWords().notMember}
            </p>
            <p class="help" id="invite-link-help">
              {leagueWords().inviteHelp}
            </p>
            <div class="link-row">
              <input readOnly value={d().inviteLink} aria-labelledby="invite-link-help" onFocus={(e) => e.currentTarget.select()} />
            </div>
            <p class="help" id="admin-link-help">
              {leagueWords().adminLinkHelp}
            </p>
            <div class="link-row">
              <input readOnly value={d().adminLink} aria-labelledby="admin-link-help" onFocus={(e) => e.currentTarget.select()} />
            </div>
            <p>
              <A href={`/l/${d().id}`} class="button">
                {t().open}
              </A>
            </p>
          </div>
        )}
      </Show>
    </section>
  );
}
