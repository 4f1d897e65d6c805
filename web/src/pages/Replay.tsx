// Replay of a finished game from its record (muli-record/1): every hand, all cards open, a move at
// a time forward and back. The record is replayed here by the engine itself, so what is shown is
// exactly the game that was played. Only there after the game: the server refuses the record
// before it ends.
import { createMemo, createResource, createSignal, For, onCleanup, onMount, Show } from "solid-js";
import { cardName, cloneState, gameFromRecord, applyInPlace, splitAction, story, type GameState, type StoryItem } from "../../../worker/engine";
import { readRecord, type GameRecord } from "../api/history";
import { readAnalysis, type Analysis } from "../api/analysis";
import { Card, SuitSign } from "../components/Card";

import { A } from "../router";
import { seats } from "../store/seats";
import { t } from "../i18n";
import "../history.css";

interface Frame {
  state: GameState;
  /** The move that led here (index into record.actions), -1 for the deal before the first move. */
  index: number;
  items: StoryItem[];
}

function framesOf(record: GameRecord): Frame[] {
  const state = gameFromRecord(record);
  const told = story({ ...record, actions: record.actions.map(splitAction) }).items;
  const byVersion = new Map<number, StoryItem[]>();
  for (const i of told) byVersion.set(i.version, [...(byVersion.get(i.version) ?? []), i]);
  const frames: Frame[] = [{ state: cloneState(state), index: -1, items: [] }];
  record.actions.forEach((a, i) => {
    const { seat, action } = splitAction(a);
    if (applyInPlace(state, seat, action)) return;
    frames.push({ state: cloneState(state), index: i, items: byVersion.get(i + 1) ?? [] });
  });
  return frames;
}

export default function Replay(props: { id: string }) {
  const fromHash = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : undefined;
  const token = fromHash ?? seats.tokenFor(props.id);
  const [record] = createResource(() => token, (tk) => readRecord(props.id, tk).catch(() => null));
  // The analysis may take a moment on the first request; the replay does not wait for it.
  const [analysis] = createResource(() => token, (tk) => readAnalysis(props.id, tk).catch(() => null));
  return (
    <section class="page replay-page">
      <h1>{t().history.replayTitle}</h1>
      <Show when={token} fallback={<p class="error">{t().noSeat}</p>}>
        <Show when={!record.loading} fallback={<p>{t().loading}</p>}>
          <Show when={record()} fallback={<p class="error">{t().history.recordMissing}</p>}>
            {(r) => <ReplayBody record={r()} analysis={analysis() ?? null} tableLink={`/t/${encodeURIComponent(props.id)}`} />}
          </Show>
        </Show>
      </Show>
    </section>
  );
}

function ReplayBody(props: { record: GameRecord; analysis: Analysis | null; tableLink: string }) {
  const frames = createMemo(() => framesOf(props.record));
  // A game dealt after its cut (dealing version 2) holds no cards before it: open on the deal.
  const [at, setAt] = createSignal(Math.max(0, frames().findIndex((f) => f.state.phase !== "cut")));
  const frame = () => frames()[at()];
  const s = () => frame().state;
  const hands = createMemo(() => [...new Set(frames().map((f) => f.state.hand.no))]);
  const handIndex = () => hands().indexOf(s().hand.no);
  const go = (k: number) => setAt(Math.max(0, Math.min(frames().length - 1, k)));
  const goHand = (d: number) => {
    const target = hands()[handIndex() + d];
    if (target === undefined) return go(d < 0 ? 0 : frames().length - 1);
    go(frames().findIndex((f) => f.state.hand.no === target));
  };
  const names = () => props.record.players;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") go(at() + 1);
    else if (e.key === "ArrowLeft") go(at() - 1);
  };
  onMount(() => document.addEventListener("keydown", onKey));
  onCleanup(() => document.removeEventListener("keydown", onKey));
  // The analysis' marks for the move that led to this frame.
  const marks = () => (props.analysis?.marks ?? []).filter((m) => m.index === frame().index);
  const trickShown = () => {
    const h = s().hand;
    return h.trick.length > 0 ? h.trick : (h.tricks[h.tricks.length - 1] ?? []);
  };

  return (
    <div class="replay" data-testid="replay" data-frame={at()}>
      <div class="replay-controls" role="group">
        <button type="button" onClick={() => goHand(-1)} aria-label={t().history.prevHand}>⏮</button>
        <button type="button" onClick={() => go(at() - 1)} data-testid="replay-prev" aria-label={t().history.prev}>◀</button>
        <span class="replay-pos" data-testid="replay-pos">
          {t().history.replayHand(handIndex() + 1, hands().length)} · {t().history.step(at(), frames().length - 1)}
        </span>
        <button type="button" onClick={() => go(at() + 1)} data-testid="replay-next" aria-label={t().history.next}>▶</button>
        <button type="button" onClick={() => goHand(1)} data-testid="replay-next-hand" aria-label={t().history.nextHand}>⏭</button>
      </div>
      <input
        type="range"
        min="0"
        max={frames().length - 1}
        value={at()}
        onInput={(e) => go(Number(e.currentTarget.value))}
        aria-label={t().history.step(at(), frames().length - 1)}
        class="replay-slider"
      />
      <ol class="replay-said" data-testid="replay-said">
        <For each={frame().items}>{(i) => <li>{t().history.line(i, names())}</li>}</For>
      </ol>
      <For each={marks()}>
        {(m) => (
          <p class="analysis-mark" data-testid="analysis-mark">
            <strong>{t().history.worse(names()[m.seat], m.chosenPoints - m.betterPoints)}</strong>{" "}
            {t().history.better(t().history.action(m.better), m.chosenPoints, m.betterPoints)}
          </p>
        )}
      </For>
      <p class="replay-facts">
        <Show when={s().hand.trump}>
          {(tr) => (
            <span>
              {t().trumpIs} <SuitSign suit={tr()} />{" "}
            </span>
          )}
        </Show>
        <Show when={s().stake > 1}>×{s().stake} </Show>
      </p>
      <ul class="replay-seats">
        <For each={names()}>
          {(name, seat) => (
            <li classList={{ acting: s().toAct.includes(seat()), declarer: s().hand.declarer === seat() }} data-testid="replay-seat">
              <div class="replay-name">
                <strong>{name}</strong> {s().points[seat()]} · {"●".repeat(s().hand.tricksWon[seat()])}
                {s().dealer === seat() ? ` (${t().dealerShort})` : ""}
              </div>
              <div class="replay-hand">
                <For each={s().hand.hands[seat()].map(cardName)}>{(c) => <Card card={c} labelled />}</For>
              </div>
            </li>
          )}
        </For>
      </ul>
      <div class="replay-trick" data-testid="replay-trick">
        <For each={trickShown()}>
          {(c) => (
            <span class="trick-card">
              <Card card={cardName(c.card)} labelled />
              <span class="who">{names()[c.seat]}</span>
            </span>
          )}
        </For>
      </div>
      <Show when={s().hand.talon.length > 0}>
        <p class="replay-pile">
          {t().history.talonLabel}: <For each={s().hand.talon.map(cardName)}>{(c) => <Card card={c} labelled />}</For>
        </p>
      </Show>
      <Show when={s().hand.discards.length > 0}>
        <p class="replay-pile">
          {t().history.discardsLabel}: <For each={s().hand.discards.map(cardName)}>{(c) => <Card card={c} labelled />}</For>
        </p>
      </Show>
      <p>
        <A href={props.tableLink}>{t().back}</A>
      </p>
    </div>
  );
}
