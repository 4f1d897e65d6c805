// A league's page: standings, the current round's tables and where each stands, past rounds, the
// rules, the exports, news, and the admin's controls. Keys arrive in the link's fragment
// (#admin=… or #invite=…), are kept in this browser and taken out of the address bar.
import { adminWords } from "../i18n/league-admin";
import { resolveRules, type Rules } from "../../../worker/engine";
import { RulesList } from "../components/RulesList";
import { createResource, createSignal, For, Show } from "solid-js";
import { ApiError, asApiError } from "../api/request";
import { myLeagues } from "../store/my-leagues";
import * as leagues from "../api/leagues";
import type { LeaguePage } from "../api/leagues";
import { RoundView } from "../components/LeagueRound";
import { Standings } from "../components/Standings";
import { FieldStandings } from "../components/FieldStandings";
import { Divisions, TieBreaks } from "../components/Divisions";
import { divisionWords } from "../i18n/league-divisions";
import { errorText, t } from "../i18n";
import { leagueWords } from "../i18n/league-words";
import { A } from "../router";
import { createLeague, leagueKeys } from "../store/leagues";
import { leagueBoard } from "../api/chat";
import { ChatPanel } from "../components/ChatPanel";
import { createChat } from "../store/chat";
import { ConfirmButton } from "../components/Confirm";
import { AdminLog, UndoBar } from "../components/AdminLog";
import { joinMyself, PlayMyself } from "../components/PlayMyself";

function fromFragment(id: string): string | null {
  const m = /^#(admin|invite)=(.+)$/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, "", location.pathname);
  if (m[1] === "admin") leagueKeys.setAdmin(id, decodeURIComponent(m[2]));
  return m[1] === "invite" ? decodeURIComponent(m[2]) : null;
}

export default function League(props: { id: string }) {
  const invite = fromFragment(props.id);
  const league = createLeague(props.id);
  const ok = league.page;
  const [error, setError] = createSignal<string | null>(null);

  /** Run an admin or member action, then reload. */
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      league.refetch();
    } catch (e) {
      setError(errorText(e, { ...leagueWords().errors, ...divisionWords().errors }));
    }
  };

  return (
    <section class="page league">
      <Show when={invite && !league.held().member && ok()?.you.role !== "member"}>
        <Join id={props.id} invite={invite!} showLeague={!ok()} onJoined={(m) => (league.joined(m), void myLeagues.refetch())} />
      </Show>
      <Show when={!invite && league.failed()}>
        {(e) => <p class="error">{e().status === 404 || e().status === 401 ? leagueWords().noKey : errorText(e(), leagueWords().errors)}</p>}
      </Show>
      <Show when={invite && league.held().member}>
        <p class="notice" data-testid="joined">{leagueWords().joined}</p>
      </Show>
      <Show when={ok()}>
        {(p) => {
          const me = () => league.held().member ?? (p().you.role === "member" && p().you.member ? { id: p().you.member!, key: league.key()! } : null);
          return <Body page={p()} keyOf={league.key()} me={me()} run={run} setSeason={league.setSeason} joined={(m) => (league.joined(m), league.refetch(), void myLeagues.refetch())} />;
        }}
      </Show>
      <Show when={error()}>
        <p class="error" role="alert">
          {error()}
        </p>
      </Show>
    </section>
  );
}

/** The invite's page: the league as the invite shows it (name, rules in words, rhythm), then the form. */
function Join(props: { id: string; invite: string; showLeague: boolean; onJoined: (member: { id: string; key: string }) => void }) {
  const [preview] = createResource(
    () => props.invite,
    (code) => leagues.preview(props.id, code).catch((e: unknown) => asApiError(e)),
  );
  const [name, setName] = createSignal("");
  const [error, setError] = createSignal<string | null>(null);
  const [joined, setJoined] = createSignal(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      // Joining makes this browser's player (silently, with the name given here) if it has none.
      const m = await joinMyself(props.id, props.invite, name());
      setJoined(true);
      if (m) props.onJoined(m);
    } catch (err) {
      setError(errorText(err, leagueWords().errors));
    }
  };
  const ok = () => {
    const p = preview();
    return p && !(p instanceof ApiError) ? p : null;
  };
  const refused = () => {
    const p = preview();
    return p instanceof ApiError ? p : null;
  };
  return (
    <Show when={!joined()}>
      <Show when={refused()}>
        {(e) => (
          <p class="error" role="alert" data-testid="invite-unknown">
            {e().status === 404 ? leagueWords().inviteUnknown : errorText(e(), leagueWords().errors)}
          </p>
        )}
      </Show>
      <Show when={ok()}>
        {(p) => (
          <>
            <Show when={props.showLeague}>
              <div class="preview" data-testid="league-preview">
                <p class="help">{leagueWords().invited}</p>
                <h1>{p().name}</h1>
                <Show when={p().description}>
                  <p>{p().description}</p>
                </Show>
                <p>
                  {leagueWords().previewRhythm(p().daysPerRound, p().seasonRounds)} · {leagueWords().tableSize}: {p().tableSize} ·{" "}
                  {p().decisionHours ? leagueWords().decisionClock(p().decisionHours!) : leagueWords().noClock}
                  <Show when={p().allowBots}> · {leagueWords().botsFill}</Show>
                </p>
                <p data-testid="preview-members">{leagueWords().previewMembers(p().members)}</p>
                <Show when={p().rules}>
                  {(r) => (
                    <details>
                      <summary>{leagueWords().rules}</summary>
                      <RulesList rules={r()} />
                    </details>
                  )}
                </Show>
              </div>
            </Show>
            <form onSubmit={submit} class="join" style={{ display: "flex", gap: "8px", "flex-wrap": "wrap", "align-items": "end" }}>
              <h2 style={{ width: "100%" }}>{leagueWords().joinTitle(p().name)}</h2>
              <label>
                {leagueWords().yourName} <input required maxLength={40} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <button class="primary" type="submit">
                {leagueWords().join}
              </button>
              <Show when={error()}>
                <p class="error">{error()}</p>
              </Show>
            </form>
          </>
        )}
      </Show>
    </Show>
  );
}

interface BodyProps {
  page: LeaguePage;
  keyOf: string | null;
  /** This browser's membership, if any (also for an admin who plays). */
  me: { id: string; key: string } | null;
  run: (fn: () => Promise<unknown>) => void;
  setSeason: (s: number) => void;
  /** This browser's player became a member (the admin who plays). */
  joined: (member: { id: string; key: string }) => void;
}

function Body(props: BodyProps) {
  const p = () => props.page;
  const admin = () => p().you.role === "admin";
  const open = () => p().rounds.find((r) => r.closedAt === null) ?? null;
  const past = () => p().rounds.filter((r) => r.closedAt !== null);
  const current = () => p().season === p().league.season;
  const nextNo = () => p().rounds.length + 1;
  const k = () => props.keyOf!;
  const id = () => p().league.id;
  const myId = () => props.me?.id ?? p().you.member;
  // Start the next round duplicate (the same deals at every table of a size): the admin's choice.
  const [duplicate, setDuplicate] = createSignal(false);
  return (
    <>
      <h1>{p().league.name}</h1>
      <Show when={p().league.description}>
        <p>{p().league.description}</p>
      </Show>
      <Show when={p().league.season > 1}>
        <label>
          <select value={p().season} onChange={(e) => props.setSeason(Number(e.currentTarget.value))}>
            <For each={[...Array(p().league.season).keys()].map((i) => i + 1).reverse()}>{(s) => <option value={s}>{leagueWords().season(s)}</option>}</For>
          </select>
        </label>
      </Show>

      <Show when={admin() && !myId() && p().invite}>{(inv) => <PlayMyself id={id()} invite={inv().code} onJoined={props.joined} />}</Show>
      <Show when={admin() && props.keyOf}>{(key) => <UndoBar page={p()} keyOf={key()} run={props.run} />}</Show>

      <Show when={p().notices.length}>
        <h2>{leagueWords().notices}</h2>
        <ul class="news">
          <For each={p().notices.slice(0, 5)}>{(n) => <li>{divisionWords().notice(n.kind, n.data) ?? leagueWords().notice(n.kind, n.data)}</li>}</For>
        </ul>
      </Show>

      <Show when={p().you.role !== "guest" && props.keyOf}>
        {(key) => <Board id={id()} keyOf={key()} mine={admin() ? null : (myId() ?? null)} />}
      </Show>

      <Show when={open()} fallback={<p>{p().rounds.length ? "" : leagueWords().noRounds}</p>}>
        {(r) => <RoundView round={r()} page={p()} admin={admin()} keyOf={props.keyOf} me={props.me} run={props.run} />}
      </Show>
      <Show when={admin() && current() && !open()}>
        <p>
          <button class="primary" onClick={() => props.run(() => leagues.startRound(id(), k(), nextNo(), duplicate()))}>
            {leagueWords().startRound(nextNo())}
          </button>{" "}
          {/* Duplicate deals compare tables of a size: offered only when there can be two. */}
          <Show when={p().members.filter((m) => m.status === "active").length >= 2 * p().league.tableSize}>
            <label class="check-inline" title={adminWords().duplicateHelp}>
              <input type="checkbox" data-testid="duplicate" aria-describedby="duplicate-help" checked={duplicate()} onChange={(e) => setDuplicate(e.currentTarget.checked)} /> {leagueWords().duplicate}
            </label>{" "}
          </Show>
          <Show when={p().rounds.length}>
            <ConfirmButton label={leagueWords().newSeason} question={adminWords().confirmSeason} onYes={() => props.run(() => leagues.newSeason(id(), k()))} />
          </Show>
        </p>
        <Show when={p().members.filter((m) => m.status === "active").length >= 2 * p().league.tableSize}>
          <p class="help" id="duplicate-help">
            {adminWords().duplicateHelp}
          </p>
        </Show>
      </Show>

      <Show when={p().divisions} fallback={<Standings standings={p().standings} you={myId()} />}>
        {(ds) => <Divisions divisions={ds()} size={p().league.divisionSize} moves={p().league.divisionMoves} you={myId()} />}
      </Show>
      <TieBreaks />

      <Show when={p().rounds.length}>
        <p class="help">{leagueWords().fairness(p().fairness.pairMin, p().fairness.pairMax)}</p>
      </Show>
      <FieldStandings field={p().field} you={myId()} />

      <Show when={past().length}>
        <h2>{leagueWords().pastRounds}</h2>
        <For each={past()}>
          {(r) => (
            <details>
              <summary>
                {leagueWords().round(r.no)} · {leagueWords().closed}
              </summary>
              <RoundView round={r} page={p()} admin={false} keyOf={props.keyOf} me={props.me} run={props.run} />
            </details>
          )}
        </For>
      </Show>

      <h2>{leagueWords().rules}</h2>
      {/* In words, house rules marked: never the engine's keys. */}
      <Show when={leagueRules(p().league)}>{(r) => <RulesList rules={r()} />}</Show>
      <p class="help">
        {leagueWords().tableSize}: {p().league.tableSize} · {leagueWords().roundDays}: {p().league.roundDays}
        <Show when={p().league.decisionHours}> · {leagueWords().decisionClock(p().league.decisionHours!)}</Show>
        <Show when={p().league.allowBots}> · {leagueWords().allowBots}</Show>
      </p>
      <p class="help">{divisionWords().reserveRule}</p>

      <h2>{leagueWords().members}</h2>
      <Show when={p().you.role === "member" && props.keyOf}>
        {(key) => (
          <p>
            <label class="check-inline">
              <input type="checkbox" data-testid="reserve-offer" checked={!!p().you.reserve} onChange={(e) => props.run(() => leagues.offerReserve(id(), key(), e.currentTarget.checked))} />{" "}
              {divisionWords().offer}
            </label>
          </p>
        )}
      </Show>
      <ul>
        <For each={p().members.filter((m) => m.status === "active")}>
          {(m) => (
            <li>
              {m.name}
              <Show when={m.reserve}>
                {" "}
                <small class="help">({divisionWords().reserveMark})</small>
              </Show>{" "}
              <Show when={admin() || m.id === myId()}>
                <ConfirmButton
                  class="link"
                  testid="remove"
                  label={m.id === myId() && !admin() ? adminWords().leave : leagueWords().remove}
                  question={m.id === myId() && !admin() ? adminWords().confirmLeave : adminWords().confirmRemove(m.name)}
                  onYes={() =>
                    props.run(async () => {
                      await leagues.remove(id(), k(), m.id);
                      if (m.id === props.me?.id) leagueKeys.forgetMember(id());
                    })
                  }
                />
              </Show>
              <Show when={admin() && m.id !== myId()}>
                {" "}
                <ConfirmButton class="link" testid="ban" label={leagueWords().ban} question={adminWords().confirmBan(m.name)} onYes={() => props.run(() => leagues.ban(id(), k(), m.id))} />
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={p().invite}>
        {(inv) => (
          <div class="links">
            <p class="help" id="invite-help">
              {leagueWords().inviteHelp}
            </p>
            <div class="link-row">
              <input readOnly value={inv().link} aria-labelledby="invite-help" onFocus={(e) => e.currentTarget.select()} />
            </div>
            <p>
              <ConfirmButton testid="rotate-invite" label={leagueWords().newInvite} question={adminWords().confirmInvite} yes={leagueWords().newInvite} onYes={() => props.run(() => leagues.rotateInvite(id(), k()))} />{" "}
              <ConfirmButton
                testid="rotate-admin"
                label={leagueWords().newAdminKey}
                question={adminWords().confirmAdminKey}
                onYes={() =>
                  props.run(async () => {
                    const r = await leagues.rotateAdminKey(id(), k());
                    leagueKeys.setAdmin(id(), r.adminKey);
                    history.replaceState(null, "", `${location.pathname}`);
                    location.reload();
                  })
                }
              />
            </p>
          </div>
        )}
      </Show>

      <Show when={p().adminLog}>{(log) => <AdminLog log={log()} />}</Show>

      <h2>{leagueWords().exports}</h2>
      <p>
        <a href={p().feeds.csv} download="">
          {leagueWords().csv}
        </a>{" "}
        · <a href={p().feeds.ics}>{leagueWords().ics}</a>
      </p>
      <p>
        <A href="/leagues/new">{leagueWords().newLeague}</A>
      </p>
    </>
  );
}


/** A league's rules, complete, for the table size it seats. */
function leagueRules(league: { resolvedRules: Rules | null; rules: Record<string, unknown>; tableSize: number }): Rules | null {
  if (league.resolvedRules) return league.resolvedRules;
  const r = resolveRules({ ...league.rules, players: league.tableSize });
  return r.ok ? r.rules : null;
}

/** The league's message board, for its members and admin (the same rules as a table's chat). */
function Board(props: { id: string; keyOf: string; mine: string | null }) {
  const chat = createChat(leagueBoard(props.id, props.keyOf), { mine: (m) => (m.member ?? null) === props.mine, open: true });
  return <ChatPanel chat={chat} title={t().chat.boardTitle} />;
}
