// The question for the seat whose turn it is, built from the server's `legal` list, or who is
// being waited for. While bidding (hints on) the order at the table follows, → at the seat asked.
import { For, Show } from "solid-js";
import { SUITS, type Action, type LegalSummary } from "../../../worker/engine";
import type { TableView } from "../api/tables";
import { suitName } from "../cards/names";
import { bidFact, isBidding, tableOrder } from "../logic/marks";
import { isHinted } from "../logic/hint";
import { t } from "../i18n";
import { settings } from "../store/settings";
import { SuitSign } from "./Card";

export function Prompt(props: { view: TableView; selected: Set<string>; pending: boolean; act: (a: Action, label: string) => void; hinted?: Action | null }) {
  const legal = () => props.view.legal;
  const has = (type: string) => legal().some((a) => a.type === type);
  const find = <T extends LegalSummary["type"]>(type: T) => legal().find((a) => a.type === type) as Extract<LegalSummary, { type: T }> | undefined;
  const mine = () => legal().length > 0;
  const name = (s: number | undefined) => (s === undefined ? "" : props.view.players[s]?.name ?? "");
  const asked = () => props.view.toAct[0];
  const sel = () => [...props.selected];

  const question = () => {
    const v = props.view;
    if (!mine()) return t().waitingOn(name(asked()), v.phase, v.shown?.seat === asked());
    if (has("cut")) return t().askCut;
    if (has("play")) return t().askPlay;
    if (has("noMulatschak") || (has("mulatschak") && !has("bid") && !has("pass"))) return t().askMulatschak;
    if (has("bid") || has("pass") || has("hold")) return t().askBid;
    if (has("trump")) return t().askTrump;
    if (has("join")) return t().askJoin;
    if (has("takeShown") || has("leaveShown")) return needsDiscard() ? t().askOfferDiscard : t().askOffer;
    const d = find("discard");
    if (d) return t().askDiscard(d.count);
    const x = find("exchange");
    if (x) return x.max === 0 ? t().askNoExchange : t().askExchange(x.max);
    return "";
  };
  // With the app's face-up rule, taking the shown card means giving one of yours for it.
  const needsDiscard = () => legal().some((a) => a.type === "takeShown" && "discard" in a && a.discard !== undefined);

  const Button = (p: { action: Action; label: string; disabled?: boolean; class?: string }) => (
    <button
      type="button"
      class={p.class ?? "action"}
      classList={{ hinted: isHinted(props.hinted, p.action) }}
      data-action={p.action.type}
      disabled={props.pending || p.disabled}
      onClick={() => props.act(p.action, p.label)}
    >
      {p.label}
    </button>
  );

  return (
    <section class="prompt" aria-live="polite" data-testid="prompt" tabindex="-1">
      <p class="question" classList={{ mine: mine() }}>
        {question()}
      </p>
      <Show when={mine()}>
        <div class="actions">
          <Show when={has("cut")}>
            <Button action={{ type: "cut", value: drawCut() }} label={t().cut} class="action strong" />
          </Show>
          {/* The safe answer first and bright; the call of five tricks (no undo) plain, after the bids. */}
          <Show when={has("noMulatschak")}>
            <Button action={{ type: "noMulatschak" }} label={t().noMulatschak} class="action strong" />
          </Show>
          <For each={legal().filter((a) => a.type === "bid") as { type: "bid"; tricks: number }[]}>
            {(a) => <Button action={{ type: "bid", tricks: a.tricks }} label={t().bid(a.tricks)} class="action bid" />}
          </For>
          <Show when={has("hold")}>
            <Button action={{ type: "hold" }} label={t().hold(maxBid(props.view))} />
          </Show>
          <Show when={has("pass")}>
            <Button action={{ type: "pass" }} label={t().pass} />
          </Show>
          <Show when={has("white")}>
            <Button action={{ type: "white" }} label={t().white} />
          </Show>
          <Show when={has("mulatschak")}>
            <Button action={{ type: "mulatschak" }} label={t().mulatschak} class="action risky" />
          </Show>
          <For each={SUITS.filter((s) => legal().some((a) => a.type === "trump" && a.suit === s))}>
            {(s) => (
              <button type="button" class="action suit" classList={{ hinted: isHinted(props.hinted, { type: "trump", suit: s }) }} data-action="trump" disabled={props.pending} onClick={() => props.act({ type: "trump", suit: s }, suitName(s, settings.get().cardStyle, settings.lang()))}>
                <SuitSign suit={s} /> {suitName(s, settings.get().cardStyle, settings.lang())}
              </button>
            )}
          </For>
          <Show when={has("join")}>
            <Button action={{ type: "join" }} label={t().join} />
          </Show>
          <Show when={find("exchange")}>
            {(x) => (
              <Button
                action={{ type: "exchange", cards: sel() }}
                label={t().exchange(props.selected.size)}
                disabled={props.selected.size > x().max || props.selected.size < (x().min ?? 0)}
                class="action strong"
              />
            )}
          </Show>
          <Show when={find("discard")}>
            {(d) => <Button action={{ type: "discard", cards: sel() }} label={t().discard(d().count)} disabled={props.selected.size !== d().count} class="action strong" />}
          </Show>
          <Show when={has("takeShown")}>
            <Button
              action={needsDiscard() ? { type: "takeShown", discard: sel()[0] } : { type: "takeShown" }}
              label={t().takeShown}
              disabled={needsDiscard() && props.selected.size !== 1}
              class="action strong"
            />
          </Show>
          <Show when={has("leaveShown")}>
            <Button action={{ type: "leaveShown" }} label={t().leaveShown} />
          </Show>
          <Show when={has("fiveOnSau")}>
            <Button action={{ type: "fiveOnSau" }} label={t().fiveOnSau} />
          </Show>
          <Show when={has("stayHome")}>
            <Button action={{ type: "stayHome" }} label={t().stayHome} />
          </Show>
        </div>
      </Show>
      <Show when={settings.get().hints && isBidding(props.view.phase)}>
        <p class="order" data-testid="order">
          <For each={tableOrder(props.view)}>
            {(s) => (
              <span classList={{ asked: s === asked() }}>
                {s === asked() ? "→ " : ""}
                {name(s)} {bidFact(props.view, s, true)}
              </span>
            )}
          </For>
        </p>
      </Show>
    </section>
  );
}

/** The highest standing bid (what the dealer would hold). */
function maxBid(v: TableView): number {
  let best = 0;
  for (const p of v.players) if ((p.bid.kind === "bid" || p.bid.kind === "hold") && p.bid.tricks > best) best = p.bid.tricks;
  return best;
}

/** The cut a person's client draws: 32 random bits from the browser, which the server cannot foresee. */
export function drawCut(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
