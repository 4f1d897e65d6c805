// The table as the players of the original app know it: the others across the top, the stake top
// right, the trick in the middle, the question, then your own facts and your hand.
import { turns } from "../store/turns";
import { createEffect, createMemo, createSignal, For, lazy, on, onCleanup, Show, Suspense, untrack } from "solid-js";
import { sortCards, type Action } from "../../../worker/engine";
import type { LinkStatus, TableHint, TableView } from "../api/tables";
import { cardLabel, suitName } from "../cards/names";
import { ConfirmMove } from "../components/ConfirmMove";
import { Hand } from "../components/Hand";
import { HintLine } from "../components/HintLine";
import { News } from "../components/News";
import { PlayerPanel } from "../components/PlayerPanel";
import { drawCut, Prompt } from "../components/Prompt";
import { ScoreSheet } from "../components/ScoreSheet";
import { Stake } from "../components/Stake";
import { TrickView } from "../components/TrickView";
import { SuitSign } from "../components/Card";
import { Announcer } from "../components/Announcer";
import { keepTableFocus } from "../components/tableFocus";
import { afterFirstPaint, whenIdle } from "../components/firstPaint";
import { whyNot, type Reason } from "../logic/reason";
import { hintedCards } from "../logic/hint";
import { seats } from "../store/seats";
import { load } from "../store/persist";
import { A } from "../router";
import { errorText, t } from "../i18n";
import { settings } from "../store/settings";
import { createTableStore, type TableStore } from "../store/table";
import { createPaced } from "../store/paced";
import "../history.css";

// The hand so far and the recap load beside the table, not with it: the table page's first
// JavaScript stays within its budget (web/vite.config.ts), and both wait for the story anyway.
// A link without a seat token (a message's): the seat found through the player, loaded only then.
const FindSeat = lazy(() => import("../components/FindSeat").then((m) => ({ default: m.FindSeat })));
const HandSoFar = lazy(() => import("../components/HandSoFar").then((m) => ({ default: m.HandSoFar })));
// Tables that end: loaded beside the table (the end screen only at the end, the rest is small print).
const EndScreen = lazy(() => import("../components/EndScreen").then((m) => ({ default: m.EndScreen })));
const SeatNotes = lazy(() => import("../components/TableEnding").then((m) => ({ default: m.SeatNotes })));
const ProposalBar = lazy(() => import("../components/TableEnding").then((m) => ({ default: m.ProposalBar })));
const TableMenu = lazy(() => import("../components/TableEnding").then((m) => ({ default: m.TableMenu })));
const ClockRule = lazy(() => import("../components/TableEnding").then((m) => ({ default: m.ClockRule })));
const Recap = lazy(() => import("../components/Recap").then((m) => ({ default: m.Recap })));
import { createChat, type ChatStore } from "../store/chat";
import { tableChat } from "../api/chat";
import { ChatIcon } from "../components/ChatIcon";
import { Folded } from "../components/Folded";
// Table talk is folded at first: its panel loads beside the table (the table page's size budget).
const ChatPanel = lazy(() => import("../components/ChatPanel").then((m) => ({ default: m.ChatPanel })));
// The legend and the rules in words are folded away: they load beside the table as well.
const Legend = lazy(() => import("../components/Legend").then((m) => ({ default: m.Legend })));
const RulesList = lazy(() => import("../components/RulesList").then((m) => ({ default: m.RulesList })));

export function Table(props: { id: string }) {
  // The seat token travels in the link's fragment; remember it, then it also works without. A
  // message's link carries none, or a one-time sign-in (#m_…) for a device that holds nothing.
  const hash = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : undefined;
  const once = hash && ONE_TIME_SIGN_IN.test(hash) ? hash : undefined;
  const fromHash = once ? undefined : hash;
  // Kept now: take it out of the address bar (and so out of history, bookmarks, screenshots).
  if (hash) history.replaceState(history.state, "", location.pathname + location.search);
  const token = fromHash ?? seats.tokenFor(props.id);
  if (!token) return <FindSeat table={props.id} once={once} children={(found) => <SeatTable id={props.id} token={found} />} />;
  return <SeatTable id={props.id} token={token} />;
}

const ONE_TIME_SIGN_IN = /^m_[A-Za-z0-9_-]{32}$/;

function SeatTable(props: { id: string; token: string }) {
  const token = props.token;
  seats.remember({ id: props.id, token });
  const table = createTableStore(props.id, token);
  // Other seats' moves are shown one at a time (store/paced.ts); acting uses the newest view.
  const paced = createPaced(table.view);
  // Table talk: its own room beside the game (it never changes the view).
  const chat = createChat(tableChat(props.id, token), { mine: (m) => m.seat === table.view()?.you, listen: table.listen, status: table.status });
  createEffect(
    on(
      () => table.view()?.you,
      (you) => {
        const v = table.view();
        if (!v || you === undefined) return;
        const name = v.players[you]?.name;
        seats.remember({ id: props.id, token, seat: you, name });
        // The seat becomes this browser's player's (made silently, with the seat's name, if none).
        // Not needed to show or play the table: done once the page is idle after its first paint.
        if (!seats.entry(props.id, token)?.linked)
          whenIdle(() => void import("../store/claim").then((m) => m.claimSeat(props.id, token, name ?? "")).then((ok) => ok && seats.remember({ id: props.id, token, linked: true })));
      },
    ),
  );
  // The tab says when it is your turn, for a game played alongside other things.
  createEffect(() => {
    const v = table.view();
    const mine = !!v && v.phase !== "over" && v.legal.length > 0;
    if (v) turns.set(props.id, mine);
    const n = turns.count();
    document.title = `${n ? `(${n}) ` : ""}${mine ? `● ${t().yourTurnTitle} – Muli` : "Muli – Mulatschak"}`;
  });
  onCleanup(() => (document.title = "Muli – Mulatschak"));
  const fatalText = () => {
    const f = table.fatal();
    return f ? errorText(f, t().tableErrors) : t().loading;
  };
  const recapReady = recapBeforePaint(table, props.id, token);
  return (
    <Show when={recapReady() && paced.shown()} fallback={<p class="error">{fatalText()}</p>}>
      {(v) => <TableBody view={v()} table={table} token={token} paced={paced} chat={chat} />}
    </Show>
  );
}

/**
 * "Since you were here" stands above the trick: drawn after the table, it pushed the trick and the
 * hand down (the page's largest layout shift). So when the visit's first view says there is
 * something to tell, the table waits for the recap's code and story (at most RECAP_WAIT_MS).
 */
function recapBeforePaint(table: TableStore, id: string, token: string): () => boolean {
  const [ready, setReady] = createSignal(false);
  createEffect(() => {
    if (ready() || table.view() === null) return;
    // The first view tells `seen` (if it does) as it comes: no `since` with it, no recap.
    const s = table.since();
    if (s === null || s.from >= s.to) return setReady(true);
    const done = () => setReady(true);
    const wait = new Promise((r) => setTimeout(r, RECAP_WAIT_MS));
    void Promise.race([import("../components/Recap").then((m) => m.preloadRecap(id, token, s.from)), wait]).then(done, done);
  });
  return ready;
}
const RECAP_WAIT_MS = 1500;

/** Whether this browser holds the table's host key (store/hosts.ts keeps them; read here without it). */
const heldHostKey = (id: string): boolean => load<{ id: string }[]>("muli.hosts", []).some((h) => h.id === id);

function statusText(s: LinkStatus): string {
  switch (s) {
    case "live":
      return "● " + t().live;
    case "reconnecting":
      return "○ " + t().reconnecting;
    case "offline":
      return "○ " + t().offline;
    default:
      return "○";
  }
}

function TableBody(props: { view: TableView; table: TableStore; token: string; paced: ReturnType<typeof createPaced>; chat: ChatStore }) {
  const v = () => props.view;
  const [selected, setSelected] = createSignal(new Set<string>());
  const [why, setWhy] = createSignal<string | null>(null);
  const [tableHint, setTableHint] = createSignal<TableHint | null>(null);
  // With "confirm moves" on, a move waits for a second press (against stray taps on a phone).
  const [toConfirm, setToConfirm] = createSignal<{ action: Action; label: string } | null>(null);
  // A new view (someone acted) clears a half-made selection, an old explanation and an old hint.
  createEffect(
    on(
      () => v().version,
      () => {
        setSelected(new Set<string>());
        setToConfirm(null);
        setWhy(null);
        setTableHint(null);
      },
    ),
  );
  // The table's own switch (league games: off), not the player's bidding-marks setting `hints`.
  const canAskHint = () => v().hints === true && v().phase !== "over" && v().phase !== "cut" && v().legal.length > 0;
  const askHint = async () => {
    const h = await props.table.hint();
    if (h && h.version === v().version) setTableHint(h);
  };
  const hinted = createMemo(() => new Set(hintedCards(tableHint()?.action)));

  const others = createMemo(() => {
    const n = v().players.length;
    return Array.from({ length: n - 1 }, (_, i) => (v().you + 1 + i) % n);
  });
  const hand = createMemo(() => sortCards(v().hand, v().trump));
  const playable = createMemo(() => new Set(v().legal.flatMap((a) => (a.type === "play" ? [a.card] : []))));
  const mode = () => {
    const types = new Set(v().legal.map((a) => a.type));
    if (types.has("play")) return "play" as const;
    if (types.has("exchange") || types.has("discard")) return "select" as const;
    if (v().legal.some((a) => a.type === "takeShown" && "discard" in a && a.discard)) return "select" as const;
    return "view" as const;
  };
  const toggle = (card: string) => {
    const next = new Set(selected());
    if (next.has(card)) next.delete(card);
    else next.add(card);
    setSelected(next);
  };
  let acted = false;
  const send = (a: Action) => {
    acted = true;
    setToConfirm(null);
    void props.table.act(a);
  };
  const act = (a: Action, label: string) => {
    if (settings.get().confirmMoves) {
      acted = true;
      setToConfirm({ action: a, label });
    } else send(a);
  };
  // The cut needs no thought: the client cuts at once with a number of its own (drawCut), so that
  // the deal waits for nobody who has the table open. Once per version, and only when nothing is
  // on its way: the view asking for the cut may come by socket while this seat's last move is
  // still being answered, so the cut goes out when that answer is in. If the cut itself is
  // refused, its button stays for the person.
  let cutAt = -1;
  createEffect(() => {
    const version = v().version;
    if (cutAt === version || props.table.pending() || props.table.unsent() || !v().legal.some((a) => a.type === "cut")) return;
    cutAt = version;
    untrack(() => send({ type: "cut", value: drawCut() }));
  });
  let root: HTMLDivElement | undefined;
  const below = afterFirstPaint();
  // Their code is asked for beside the first paint: drawn under the hand right after it, not a network round later.
  void Promise.all([HandSoFar.preload(), ChatPanel.preload()]);
  const sending = () => props.table.pending() !== null || props.table.unsent() !== null;
  keepTableFocus(() => root, () => v().version, () => acted, sending);
  const pendingCard = () => {
    const p = props.table.pending() ?? props.table.unsent()?.action;
    return p?.type === "play" ? p.card : null;
  };
  const reasonText = (r: Reason) => {
    const tt = t();
    switch (r.kind) {
      case "mustFollow":
        return tt.mustFollow(suitName(r.suit, settings.get().cardStyle, settings.lang()));
      case "mustHead":
        return tt.mustHead;
      case "mustTrump":
        return tt.mustTrump;
      case "mustHeadTrump":
        return tt.mustHeadTrump;
      case "notYourTurn":
        return tt.notYourTurn;
      default:
        return tt.notNow;
    }
  };

  return (
    <div class="table" data-phase={v().phase} data-version={v().version} ref={root}>
      <h1 class="sr">{t().tableHeading(v().players.map((p) => p.name))}</h1>
      <Announcer view={v()} />
      <div class="table-head">
        <span class="link-status" data-status={props.table.status()}>
          {statusText(props.table.status())}
        </span>
        <Show when={v().trump}>
          {(s) => (
            <span class="trump" aria-label={`${t().trumpIs}: ${suitName(s(), settings.get().cardStyle, settings.lang())}`}>
              {t().trumpIs} <SuitSign suit={s()} />
            </span>
          )}
        </Show>
        <Show when={v().deadline && v().phase !== "over"}>
          <span class="deadline">
            {t().deadlineAt(v().deadline!)}
          </span>
        </Show>
        <Show when={props.chat.unread()}>
          <button
            type="button"
            class="chat-badge"
            aria-label={t().chat.unreadBadge(props.chat.unread())}
            onClick={() => {
              props.chat.setOpen(true);
              document.getElementById("chat")?.scrollIntoView({ block: "nearest" });
            }}
          >
            <ChatIcon /> {props.chat.unread()}
          </button>
        </Show>
        <Stake view={v()} />
      </div>

      <div class="opponents">
        <For each={others()}>{(s) => <PlayerPanel view={v()} seat={s} />}</For>
      </div>

      <Show when={v().phase === "over"}>
        <Suspense>
          <EndScreen view={v()} table={props.table} token={props.token} />
        </Suspense>
        <ScoreSheet view={v()} />
      </Show>

      <Suspense>
        <SeatNotes view={v()} />
        <ProposalBar view={v()} table={props.table} token={props.token} />
      </Suspense>

      <Show when={props.table.since()}>
        {(s) => (
          <Suspense>
            <Recap view={v()} tableId={v().id} token={props.token} from={s().from} to={s().to} />
          </Suspense>
        )}
      </Show>
      <News view={v()} />
      <div class="paced-area" onClick={() => props.paced.skip()}>
        <TrickView view={v()} />
      </div>
      <Show when={props.paced.behind()}>
        <button type="button" class="pace-skip" data-testid="pace-skip" onClick={() => props.paced.skip()}>
          {t().history.skip}
        </button>
      </Show>

      <Show when={v().phase !== "over"}>
        <Prompt view={v()} selected={selected()} pending={sending()} act={act} hinted={tableHint()?.action} />
      </Show>
      <Show when={toConfirm()}>
        {(c) => <ConfirmMove label={c().label} send={() => send(c().action)} back={() => setToConfirm(null)} />}
      </Show>
      <Show when={props.table.pending()}>
        <p class="pending" role="status">
          {t().pending}
        </p>
      </Show>
      <Show when={props.table.notice()}>
        <p class="notice" role="alert" data-testid="notice">
          {props.table.notice()}
          <Show when={props.table.unsent()}>
            {" "}
            <button type="button" class="link" onClick={() => props.table.cancelUnsent()}>
              {t().dontSend}
            </button>
          </Show>
        </p>
      </Show>

      <div class="me">
        <PlayerPanel view={v()} seat={v().you} />
      </div>
      <Hand
        cards={hand()}
        mode={mode()}
        playable={playable()}
        selected={selected()}
        pendingCard={pendingCard()}
        onPlay={(card) => act({ type: "play", card }, cardLabel(card, settings.get().cardStyle, settings.lang()))}
        onToggle={toggle}
        onWhy={(card) => setWhy(reasonText(whyNot(v(), card)))}
        hinted={hinted()}
      />
      <Show when={why()}>
        <p class="why" role="status">
          {why()}
        </p>
      </Show>
      {/* Under the hand, not between it and the question: on a phone the hand stays in sight. */}
      <Show when={canAskHint()}>
        <HintLine hint={tableHint()} ask={askHint} />
      </Show>

      {/* What lies under the hand is drawn a frame later: the first paint (the trick, the question,
          the hand) is one short task, and what is added below moves nothing already on screen. */}
      <Show when={below()}>
        {/* One boundary: the pieces that load beside the table appear together, none pushing another. */}
        <Suspense>
          <HandSoFar view={v()} tableId={v().id} token={props.token} />
          <ChatPanel chat={props.chat} title={t().chat.title} notifyOption />
          <Show when={v().phase !== "over"}>
            <ScoreSheet view={v()} />
            <ClockRule view={v()} />
          </Show>
          <TableMenu view={v()} table={props.table} token={props.token} />
          <Folded testid="table-legend" summary={t().helpPage.legend}>
            {() => <Legend />}
          </Folded>
          <Show when={v().rules}>
            {(r) => (
              <Folded testid="table-rules" summary={t().rulesOfTable}>
                {() => <RulesList rules={r()} />}
              </Folded>
            )}
          </Show>
          <Show when={heldHostKey(v().id)}>
            <p class="host-link">
              <A href={`/t/${encodeURIComponent(v().id)}/host`}>{t().identity.openHost}</A>
            </p>
          </Show>
        </Suspense>
      </Show>
    </div>
  );
}

