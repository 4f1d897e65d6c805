// A league's page: standings, the current round's tables and where each stands, past rounds, the
// rules, the exports, news, and the admin's controls. Keys arrive in the link's fragment
// (#admin=… or #invite=…), are kept in this browser and taken out of the address bar.
import { createResource, createSignal, For, Show } from "solid-js";
import { ApiError, errorText } from "../api";
import { A } from "../router";
import { playerKey } from "../player";
import { settings } from "../store/settings";
import { leagueApi, leagueKeys, type LeaguePage, type LeagueTable, type Round } from "./LeagueApi";
import { lt } from "./LeagueTexts";

function fromFragment(id: string): string | null {
  const m = /^#(admin|invite)=(.+)$/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, "", location.pathname);
  if (m[1] === "admin") leagueKeys.setAdmin(id, decodeURIComponent(m[2]));
  return m[1] === "invite" ? decodeURIComponent(m[2]) : null;
}

const when = (ms: number) => new Date(ms).toLocaleString(settings.lang(), { dateStyle: "medium", timeStyle: "short" });

export default function League(props: { id: string }) {
  const invite = fromFragment(props.id);
  const [held, setHeld] = createSignal(leagueKeys.get(props.id));
  // A browser with a player may be a member through it (joined on another device, say).
  const key = () => held().admin ?? held().member?.key ?? playerKey();
  const [season, setSeason] = createSignal<number | undefined>(undefined);
  const [page, { refetch }] = createResource(
    () => ({ key: key(), season: season() }),
    (s) => leagueApi.read(props.id, s.key, s.season).catch((e: unknown) => (e instanceof ApiError ? e : new ApiError(0, "NETWORK", String(e)))),
  );
  // An admin who also plays: the admin's page has no seat links, the member's page has theirs.
  const [memberPage] = createResource(
    () => (held().admin && held().member ? { key: held().member!.key, season: season() } : false),
    (s) => leagueApi.read(props.id, s.key, s.season).catch(() => null),
  );
  const seatLinks = () => new Map((memberPage() ?? { rounds: [] as Round[] }).rounds.flatMap((r) => r.tables).flatMap((t) => (t.link ? [[t.tableId, t.link] as const] : [])));
  const [error, setError] = createSignal<string | null>(null);
  const ok = () => {
    const p = page();
    return p && !(p instanceof ApiError) ? p : null;
  };

  /** Run an admin or member action, then reload. */
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      refetch();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section class="page league">
      <Show when={invite && !held().member && ok()?.you.role !== "member"}>
        <Join
          id={props.id}
          invite={invite!}
          name={ok()?.league.name ?? ""}
          onJoined={(m) => {
            leagueKeys.setMember(props.id, m);
            setHeld(leagueKeys.get(props.id));
          }}
        />
      </Show>
      <Show when={page() instanceof ApiError && !invite}>
        <p class="error">{(page() as ApiError).status === 404 || (page() as ApiError).status === 401 ? lt().noKey : (page() as ApiError).message}</p>
      </Show>
      <Show when={invite && held().member}>
        <p class="notice">{lt().joined}</p>
      </Show>
      <Show when={ok()}>
        {(p) => {
          const me = () => held().member ?? (p().you.role === "member" && p().you.member ? { id: p().you.member!, key: key()! } : null);
          return <Body page={p()} keyOf={key()} me={me()} links={seatLinks()} run={run} setSeason={setSeason} />;
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

function Join(props: { id: string; invite: string; name: string; onJoined: (member: { id: string; key: string }) => void }) {
  const [name, setName] = createSignal("");
  const [error, setError] = createSignal<string | null>(null);
  const [joined, setJoined] = createSignal(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const pk = playerKey();
      const r = await leagueApi.join(props.id, props.invite, name(), pk);
      setJoined(true);
      const key = r.key ?? pk;
      if (key) props.onJoined({ id: r.member.id, key });
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Show when={!joined()}>
      <form onSubmit={submit} class="join" style={{ display: "flex", gap: "8px", "flex-wrap": "wrap", "align-items": "end" }}>
        <h2 style={{ width: "100%" }}>{lt().joinTitle(props.name)}</h2>
        <label>
          {lt().yourName} <input required maxLength={40} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button class="primary" type="submit">
          {lt().join}
        </button>
        <Show when={error()}>
          <p class="error">{error()}</p>
        </Show>
      </form>
    </Show>
  );
}

interface BodyProps {
  page: LeaguePage;
  keyOf: string | null;
  /** This browser's membership, if any (also for an admin who plays). */
  me: { id: string; key: string } | null;
  /** Seat links read with this browser's member key when the page was read with the admin's. */
  links: Map<string, string>;
  run: (fn: () => Promise<unknown>) => void;
  setSeason: (s: number) => void;
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
  return (
    <>
      <h1>{p().league.name}</h1>
      <Show when={p().league.description}>
        <p>{p().league.description}</p>
      </Show>
      <Show when={p().league.season > 1}>
        <label>
          <select value={p().season} onChange={(e) => props.setSeason(Number(e.currentTarget.value))}>
            <For each={[...Array(p().league.season).keys()].map((i) => i + 1).reverse()}>{(s) => <option value={s}>{lt().season(s)}</option>}</For>
          </select>
        </label>
      </Show>

      <Show when={p().notices.length}>
        <h2>{lt().notices}</h2>
        <ul class="news">
          <For each={p().notices.slice(0, 5)}>{(n) => <li>{lt().notice(n.kind, n.data)}</li>}</For>
        </ul>
      </Show>

      <Show when={open()} fallback={<p>{p().rounds.length ? "" : lt().noRounds}</p>}>
        {(r) => <RoundView round={r()} page={p()} admin={admin()} keyOf={props.keyOf} links={props.links} run={props.run} />}
      </Show>
      <Show when={admin() && current() && !open()}>
        <p>
          <button class="primary" onClick={() => props.run(() => leagueApi.startRound(id(), k(), nextNo()))}>
            {lt().startRound(nextNo())}
          </button>{" "}
          <Show when={p().rounds.length}>
            <button onClick={() => props.run(() => leagueApi.newSeason(id(), k()))}>{lt().newSeason}</button>
          </Show>
        </p>
      </Show>

      <h2>{lt().standings}</h2>
      <div style={{ "overflow-x": "auto" }}>
        <table class="standings" style={{ "border-collapse": "collapse", width: "100%" }}>
          <thead>
            <tr>
              <th>{lt().rank}</th>
              <th style={{ "text-align": "left" }}>{lt().member}</th>
              <th>{lt().games}</th>
              <th>{lt().wins}</th>
              <th>{lt().avgPlace}</th>
              <th>{lt().points}</th>
              <th>{lt().rating}</th>
            </tr>
          </thead>
          <tbody>
            <For each={p().standings}>
              {(s) => (
                <tr classList={{ yours: s.member === myId() }} style={{ "text-align": "center", "font-weight": s.member === myId() ? "bold" : undefined }}>
                  <td>{s.rank}</td>
                  <td style={{ "text-align": "left" }}>
                    <details>
                      <summary>
                        {s.name}
                        <Show when={s.removed}> ({lt().removed})</Show>
                      </summary>
                      <ol class="help">
                        <For each={s.history}>{(h) => <li>{`${lt().currentRound(h.round)}: ${h.place}/${h.of} (+${h.leaguePoints})`}</li>}</For>
                      </ol>
                    </details>
                  </td>
                  <td>{s.games}</td>
                  <td>{s.wins}</td>
                  <td>{s.avgPlace === null ? "–" : s.avgPlace.toFixed(2)}</td>
                  <td>{s.points}</td>
                  <td title={s.rating ? `μ ${s.rating.mu.toFixed(2)}, σ ${s.rating.sigma.toFixed(2)}` : ""}>{s.rating ? s.rating.ordinal.toFixed(1) : "–"}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>

      <Show when={p().rounds.length}>
        <p class="help">{lt().fairness(p().fairness.pairMin, p().fairness.pairMax)}</p>
      </Show>

      <Show when={past().length}>
        <h2>{lt().pastRounds}</h2>
        <For each={past()}>
          {(r) => (
            <details>
              <summary>
                {lt().currentRound(r.no)} · {lt().closed}
              </summary>
              <RoundView round={r} page={p()} admin={false} keyOf={props.keyOf} links={props.links} run={props.run} />
            </details>
          )}
        </For>
      </Show>

      <h2>{lt().rules}</h2>
      <dl class="rules-list" style={{ display: "grid", "grid-template-columns": "auto 1fr", gap: "2px 12px" }}>
        <For each={Object.entries(p().league.resolvedRules ?? p().league.rules)}>
          {([name, value]) => (
            <>
              <dt>{name}</dt>
              <dd style={{ margin: 0 }}>{String(value)}</dd>
            </>
          )}
        </For>
      </dl>
      <p class="help">
        {lt().tableSize}: {p().league.tableSize} · {lt().roundDays}: {p().league.roundDays}
        <Show when={p().league.decisionHours}> · {lt().decisionHours}: {p().league.decisionHours}</Show>
        <Show when={p().league.allowBots}> · {lt().allowBots}</Show>
      </p>

      <h2>{lt().members}</h2>
      <ul>
        <For each={p().members.filter((m) => m.status === "active")}>
          {(m) => (
            <li>
              {m.name}{" "}
              <Show when={admin() || m.id === myId()}>
                <button
                  class="link"
                  onClick={() =>
                    props.run(async () => {
                      await leagueApi.remove(id(), k(), m.id);
                      if (m.id === props.me?.id) leagueKeys.forgetMember(id());
                    })
                  }
                >
                  {lt().remove}
                </button>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={p().invite}>
        {(inv) => (
          <div class="links">
            <p class="help">{lt().inviteHelp}</p>
            <div class="link-row">
              <input readOnly value={inv().link} onFocus={(e) => e.currentTarget.select()} />
            </div>
          </div>
        )}
      </Show>

      <h2>{lt().exports}</h2>
      <p>
        <a href={p().feeds.csv} download="">
          {lt().csv}
        </a>{" "}
        · <a href={p().feeds.ics}>{lt().ics}</a>
      </p>
      <p>
        <A href="/leagues/new">{lt().newLeague}</A>
      </p>
    </>
  );
}

function tableState(t: LeagueTable): string {
  if (t.status !== "playing") return lt().status[t.status];
  if (!t.waitingFor.length) return lt().status.playing;
  if (t.waitingFor.every((w) => w.bot)) return lt().botsPlaying;
  return lt().waitingFor(t.waitingFor.map((w) => w.name).join(", "), t.waitingMs ?? 0);
}

function RoundView(props: {
  round: Round;
  page: LeaguePage;
  admin: boolean;
  keyOf: string | null;
  links: Map<string, string>;
  run: (fn: () => Promise<unknown>) => void;
}) {
  const r = () => props.round;
  const id = () => props.page.league.id;
  const k = () => props.keyOf!;
  const active = () => props.page.members.filter((m) => m.status === "active");
  // Your seat opens with a token of its own, in the link the server gives its holder only.
  const seatLink = (t: LeagueTable): string | null => {
    const link = t.link ?? props.links.get(t.tableId);
    if (!link) return null;
    const u = new URL(link, location.href);
    return u.pathname + u.hash;
  };
  return (
    <div class="round">
      <h2>
        {lt().currentRound(r().no)} <small class="help">{r().closedAt ? lt().closed : lt().deadline(when(r().deadline))}</small>
      </h2>
      <ul class="league-tables" style={{ "list-style": "none", padding: 0 }}>
        <For each={r().tables}>
          {(t) => (
            <li data-testid="league-table" style={{ margin: "6px 0", padding: "6px 8px", border: "1px solid #ccc", "border-radius": "8px" }}>
              <strong>{lt().table(t.no)}</strong>: {t.seats.map((s) => `${s.name}${s.points !== null ? ` (${s.points})` : ""}`).join(", ")}
              <span class="state"> — {tableState(t)}</span>
              <Show when={t.overdue}>
                <span class="error"> ({lt().overdue})</span>
              </Show>
              <Show when={seatLink(t)}>
                {" "}
                <A href={seatLink(t)!} class="button">
                  {lt().openTable}
                </A>
              </Show>
              <Show when={props.admin && t.status === "playing"}>
                <div class="seat-row">
                  <button onClick={() => props.run(() => leagueApi.decide(id(), k(), t.tableId, "score"))}>{lt().score}</button>
                  <button onClick={() => props.run(() => leagueApi.decide(id(), k(), t.tableId, "annul"))}>{lt().annul}</button>
                  <For each={t.seats.filter((s) => s.member !== null)}>
                    {(s) => (
                      <label>
                        {lt().replace} {s.name}:{" "}
                        <select
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            if (v) props.run(() => leagueApi.replace(id(), k(), t.tableId, s.seat, v === "bot" ? null : v));
                          }}
                        >
                          <option value="">–</option>
                          <option value="bot">{lt().byBot}</option>
                          <For each={active().filter((m) => !t.seats.some((x) => x.member === m.id))}>{(m) => <option value={m.id}>{m.name}</option>}</For>
                        </select>
                      </label>
                    )}
                  </For>
                </div>
              </Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.admin && !r().closedAt}>
        <p>
          <button onClick={() => props.run(() => leagueApi.extend(id(), k(), r().no, 2))}>{lt().extend}</button>{" "}
          <button class="primary" onClick={() => props.run(() => leagueApi.closeRound(id(), k(), r().no))}>
            {lt().closeRound}
          </button>
        </p>
      </Show>
    </div>
  );
}
