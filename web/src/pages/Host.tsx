// The host's page of a table (API.md additions: the table's host): every seat with its name,
// whether its link has been opened, its last move and its link again (copy, share, QR); the host
// gives a seat a new link (the old one stops at once), to another person, or to a bot.
import { createResource, createSignal, For, Show } from "solid-js";
import * as host from "../api/host";
import { HostClock } from "../components/HostClock";
import { LinkTools } from "../components/LinkTools";
import { errorText, t } from "../i18n";
import { hostWords } from "../i18n/host-words";
import { A } from "../router";
import { hosts } from "../store/hosts";
import { seats } from "../store/seats";

type Ask = { seat: number; kind: "link" | "bot" | "person" };

export default function Host(props: { id: string }) {
  const w = () => hostWords();
  // The key travels in the link's fragment: kept here, then taken out of the address bar.
  const fromHash = /^#hk_[\w-]+$/.test(location.hash) ? location.hash.slice(1) : undefined;
  if (fromHash) {
    hosts.keep(props.id, fromHash);
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  const key = fromHash ?? hosts.keyFor(props.id);
  if (!key) return <p class="error">{w().noKey}</p>;
  const [page, { refetch }] = createResource(async () => {
    try {
      return { ok: true as const, page: await host.page(props.id, key) };
    } catch (e) {
      return { ok: false as const, error: errorText(e, w().errors) };
    }
  });
  const [ask, setAsk] = createSignal<Ask | null>(null);
  const [name, setName] = createSignal("");
  const [message, setMessage] = createSignal<{ seat: number; text: string } | null>(null);
  const run = async (seat: number, fn: () => Promise<string>) => {
    setAsk(null);
    try {
      setMessage({ seat, text: await fn() });
    } catch (e) {
      setMessage({ seat, text: errorText(e, w().errors) });
    }
    await refetch();
  };
  const hostLink = `${location.origin}/t/${props.id}/host#${key}`;
  const tableToken = seats.tokenFor(props.id);
  return (
    <section class="page host" data-testid="host">
      <h1>{w().title}</h1>
      <p>{w().intro}</p>
      <Show when={page()} fallback={<p>{t().loading}</p>}>
        {(r) => (
          <Show when={r().ok && (r() as { page: host.HostPage }).page} fallback={<p class="error" role="alert">{(r() as { error: string }).error}</p>}>
            {(p) => (
              <>
                <Show when={p().phase === "over"}>
                  <p>{w().gameOver}</p>
                </Show>
                <ul class="host-seats">
                  <For each={p().seats}>
                    {(s) => (
                      <li data-seat={s.seat} data-opened={s.opened ? "yes" : "no"}>
                        <strong>{s.name}</strong>{" "}
                        <span class="help">
                          {s.bot
                            ? w().bot(t().botLevels[s.bot as keyof ReturnType<typeof t>["botLevels"]] ?? s.bot)
                            : `${s.opened ? w().opened : w().notOpened} · ${s.lastActedAt ? w().lastActed(s.lastActedAt) : w().noMove}`}
                        </span>
                        <Show when={s.link}>
                          {(link) => (
                            <>
                              <LinkTools link={link()} label={s.name} id={`host-link-${s.seat}`} />
                              <Show when={p().phase !== "over"}>
                                <div class="row host-actions">
                                  <button type="button" onClick={() => setAsk({ seat: s.seat, kind: "link" })}>
                                    {w().newLink}
                                  </button>
                                  <button type="button" onClick={() => (setName(""), setAsk({ seat: s.seat, kind: "person" }))}>
                                    {w().otherPerson}
                                  </button>
                                  <button type="button" onClick={() => setAsk({ seat: s.seat, kind: "bot" })}>
                                    {w().toBot}
                                  </button>
                                </div>
                              </Show>
                            </>
                          )}
                        </Show>
                        <Show when={ask()?.seat === s.seat && ask()}>
                          {(a) => (
                            <div class="ask" role="group" aria-label={s.name}>
                              <Show
                                when={a().kind === "person"}
                                fallback={
                                  <>
                                    <p>{a().kind === "link" ? w().newLinkAsk(s.name) : w().toBotAsk(s.name)}</p>
                                    <button
                                      type="button"
                                      class="primary"
                                      onClick={() => {
                                        const kind = a().kind; // read before the question closes
                                        void run(s.seat, async () =>
                                          kind === "link" ? w().newLinkDone((await host.newLink(props.id, s.seat, key)).name) : (await host.toBot(props.id, s.seat, key), w().toBot),
                                        );
                                      }}
                                    >
                                      {w().yes}
                                    </button>
                                  </>
                                }
                              >
                                <form
                                  class="row"
                                  onSubmit={(e) => {
                                    e.preventDefault();
                                    const next = name().trim();
                                    void run(s.seat, async () => w().newLinkDone((await host.newLink(props.id, s.seat, key, next)).name));
                                  }}
                                >
                                  <label>
                                    {w().otherName}
                                    <input type="text" required maxLength={40} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
                                  </label>
                                  <button type="submit" class="primary">
                                    {w().invite}
                                  </button>
                                </form>
                              </Show>
                              <button type="button" onClick={() => setAsk(null)}>
                                {w().cancel}
                              </button>
                            </div>
                          )}
                        </Show>
                        <Show when={message()?.seat === s.seat}>
                          <p role="status">{message()!.text}</p>
                        </Show>
                      </li>
                    )}
                  </For>
                </ul>
                <Show when={p().phase !== "over"}>
                  <HostClock id={props.id} hostKey={key} clock={p().clock} />
                </Show>
              </>
            )}
          </Show>
        )}
      </Show>
      <h2>{w().yourLink}</h2>
      <LinkTools link={hostLink} label={w().yourLink} id="host-own-link" />
      <Show when={tableToken}>
        <p>
          <A href={`/t/${encodeURIComponent(props.id)}`}>{w().openTable}</A>
        </p>
      </Show>
    </section>
  );
}
