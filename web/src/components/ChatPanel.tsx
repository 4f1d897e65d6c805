// A chat room on screen: the messages (always as text, never as markup), the quick reactions, a
// line to write, mute (and at a table: notify me), and per message report / hide. Folded by
// default at a table, with the unread count on its button.
import { createEffect, createSignal, For, on, Show } from "solid-js";
import { REACTIONS, REACTION_CODES, isReaction } from "../../../worker/chat/text";
import type { ChatMessage } from "../api/chat";
import { settings } from "../store/settings";
import { t } from "../i18n";
import type { ChatStore } from "../store/chat";
import { ChatIcon } from "./ChatIcon";

const MAX = 500;

export function ChatPanel(props: { chat: ChatStore; title: string; notifyOption?: boolean }) {
  const c = props.chat;
  const [draft, setDraft] = createSignal("");
  const [selected, setSelected] = createSignal<number | null>(null);
  let list: HTMLOListElement | undefined;
  const messages = () => c.listing()?.messages ?? [];
  const over = () => [...draft().trim()].length - MAX;
  // Keep the newest message in sight.
  createEffect(on([messages, c.open], () => queueMicrotask(() => list && (list.scrollTop = list.scrollHeight))));

  const words = (m: ChatMessage) => (m.kind === "reaction" && m.reaction && isReaction(m.reaction) ? `${REACTIONS[m.reaction].emoji} ${REACTIONS[m.reaction][settings.lang()]}` : m.text);
  const time = (at: string) => new Date(at).toLocaleString(settings.lang(), { weekday: "short", hour: "2-digit", minute: "2-digit" });
  const send = async (e: Event) => {
    e.preventDefault();
    const text = draft().trim();
    if (!text || over() > 0) return;
    if (await c.send(text)) setDraft("");
  };
  const report = (m: ChatMessage) => {
    const reason = prompt(t().chat.reportAsk);
    if (reason !== null) void c.report(m.id, reason);
    setSelected(null);
  };

  return (
    <section class="chat" id="chat" data-testid="chat">
      <button type="button" class="chat-toggle" aria-expanded={c.open()} onClick={() => c.setOpen(!c.open())}>
        <ChatIcon />
        <span>{props.title}</span>
        <Show when={c.unread()}>
          <span class="badge" aria-label={t().chat.unreadBadge(c.unread())} data-testid="chat-unread">
            {c.unread()}
          </span>
        </Show>
        <Show when={c.listing()?.muted}>
          <span class="muted">({t().chat.muted})</span>
        </Show>
        <span class="chev" aria-hidden="true">{c.open() ? "▴" : "▾"}</span>
      </button>
      <Show when={c.open()}>
        <ol class="chat-messages" ref={list} aria-live="polite">
          <Show when={c.listing() && messages().length === 0}>
            <li class="empty">{t().chat.empty}</li>
          </Show>
          <For each={messages()}>
            {(m) => (
              <li classList={{ mine: c.mine(m), reaction: m.kind === "reaction" }} data-testid="chat-message">
                <button type="button" class="bubble" aria-expanded={selected() === m.id} onClick={() => setSelected(selected() === m.id ? null : m.id)}>
                  <span class="who">{t().chat.from(m.name, time(m.at))}</span>
                  <span class="text">{words(m)}</span>
                </button>
                <Show when={selected() === m.id}>
                  <span class="msg-actions">
                    <Show when={!c.mine(m)}>
                      <button type="button" class="link" onClick={() => report(m)}>
                        {t().chat.report}
                      </button>
                    </Show>
                    <Show when={c.listing()?.moderator}>
                      <button type="button" class="link" onClick={() => (void c.hide(m.id), setSelected(null))}>
                        {t().chat.hide}
                      </button>
                    </Show>
                  </span>
                </Show>
              </li>
            )}
          </For>
        </ol>
        <div class="reactions" role="group" aria-label={t().chat.reactions}>
          <For each={REACTION_CODES}>
            {(code) => (
              <button type="button" disabled={c.busy()} onClick={() => void c.react(code)} data-reaction={code}>
                {REACTIONS[code].emoji} {REACTIONS[code][settings.lang()]}
              </button>
            )}
          </For>
        </div>
        <form class="chat-write" onSubmit={send}>
          <textarea
            rows={2}
            value={draft()}
            placeholder={t().chat.placeholder}
            aria-label={t().chat.placeholder}
            onInput={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) void send(e);
            }}
          />
          <button type="submit" class="primary" disabled={c.busy() || !draft().trim() || over() > 0}>
            {t().chat.send}
          </button>
        </form>
        <Show when={over() > 0}>
          <p class="help">{t().chat.tooLong(over())}</p>
        </Show>
        <label class="check">
          <input type="checkbox" checked={c.listing()?.muted ?? false} onChange={(e) => void c.setMuted(e.currentTarget.checked)} /> {t().chat.mute}
        </label>
        <Show when={props.notifyOption}>
          <label class="check">
            <input type="checkbox" checked={c.listing()?.notify ?? false} onChange={(e) => void c.setNotify(e.currentTarget.checked)} /> {t().chat.notify}
          </label>
        </Show>
      </Show>
      <Show when={c.notice()}>
        <p class="notice" role="status">
          {c.notice()}
        </p>
      </Show>
    </section>
  );
}
