// Settings section for correspondence play: the player (name, sign-in link for other devices),
// channels with a test button, quiet hours, time zone, auto-play, vacation, and what was sent.
import { createResource, createSignal, For, Show } from "solid-js";
import { errorText } from "../api";
import { call, createPlayer, enablePush, linkSeat, playerKey, signInLink, type OutboxEntry, type Profile } from "../player";
import { seats } from "../store/seats";
import { settings } from "../store/settings";

const texts = {
  en: {
    title: "Notifications",
    intro: "Get told when it is your turn, with the link to your seat. Create a player for this browser; the sign-in link carries it to your phone.",
    name: "Your name",
    create: "Create player",
    signIn: "Sign-in link for another device (keep it private):",
    copy: "Copy",
    channels: "Channels",
    none: "No channels yet.",
    test: "Send test",
    remove: "Remove",
    enablePush: "Push on this device",
    webhook: "Webhook URL (ntfy, Discord or JSON)",
    email: "E-mail address",
    add: "Add",
    quiet: "Quiet hours (nothing is delivered; it comes after)",
    from: "from",
    to: "to",
    timeZone: "Time zone",
    autoPlay: "Play forced moves for me (only one legal action)",
    vacation: "Vacation: stop my clocks",
    days: "days",
    start: "Start",
    end: "End vacation",
    until: "On vacation until",
    left: "days left this year",
    sent: "Recently sent",
    save: "Save",
    saved: "Saved.",
    testQueued: "Test message on its way.",
  },
  de: {
    title: "Benachrichtigungen",
    intro: "Erfahre, wann du am Zug bist, mit dem Link zu deinem Platz. Lege für diesen Browser einen Spieler an; der Anmeldelink bringt ihn auf dein Handy.",
    name: "Dein Name",
    create: "Spieler anlegen",
    signIn: "Anmeldelink für ein anderes Gerät (nicht weitergeben):",
    copy: "Kopieren",
    channels: "Kanäle",
    none: "Noch keine Kanäle.",
    test: "Test senden",
    remove: "Entfernen",
    enablePush: "Push auf diesem Gerät",
    webhook: "Webhook-URL (ntfy, Discord oder JSON)",
    email: "E-Mail-Adresse",
    add: "Hinzufügen",
    quiet: "Ruhezeit (nichts wird zugestellt; es kommt danach)",
    from: "von",
    to: "bis",
    timeZone: "Zeitzone",
    autoPlay: "Erzwungene Züge für mich spielen (nur eine erlaubte Aktion)",
    vacation: "Urlaub: meine Uhren anhalten",
    days: "Tage",
    start: "Beginnen",
    end: "Urlaub beenden",
    until: "Im Urlaub bis",
    left: "Tage übrig in diesem Jahr",
    sent: "Zuletzt gesendet",
    save: "Speichern",
    saved: "Gespeichert.",
    testQueued: "Testnachricht ist unterwegs.",
  },
};

export default function Notifications() {
  const w = () => texts[settings.lang()];
  const [key, setKey] = createSignal(playerKey());
  const [profile, { refetch, mutate }] = createResource(key, async (k) => {
    if (!k) return null;
    const p = await call<Profile>("GET", "/me");
    // Signed in on another device: its seats appear under "My games" here too.
    for (const s of p.seats) {
      const token = s.link.split("#")[1];
      if (token && !seats.list().some((e) => e.id === s.table && e.token === token)) seats.remember({ id: s.table, token, seat: s.seat, name: s.name });
    }
    return p;
  });
  const [outbox, { refetch: refetchOutbox }] = createResource(key, (k) => (k ? call<OutboxEntry[]>("GET", "/me/outbox") : Promise.resolve([])));
  const [message, setMessage] = createSignal<string | null>(null);
  const [name, setName] = createSignal("");
  const [hook, setHook] = createSignal("");
  const [format, setFormat] = createSignal<"ntfy" | "discord" | "json">("ntfy");
  const [address, setAddress] = createSignal("");
  const [days, setDays] = createSignal(7);

  const run = async (fn: () => Promise<unknown>, done?: string) => {
    setMessage(null);
    try {
      await fn();
      if (done) setMessage(done);
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const reload = async () => {
    await refetch();
    await refetchOutbox();
  };

  const create = () =>
    run(async () => {
      const r = await createPlayer(name().trim() || "Muli", settings.lang());
      setKey(r.key);
      // Every seat this browser already knows becomes the player's.
      await Promise.all(seats.list().map((s) => linkSeat(s.id, s.token)));
      await reload();
    });

  const patch = (body: Record<string, unknown>) => run(async () => mutate(await call<Profile>("PATCH", "/me", body)), w().saved);

  return (
    <section class="notifications">
      <h2>{w().title}</h2>
      <Show
        when={key()}
        fallback={
          <form onSubmit={(e) => (e.preventDefault(), create())}>
            <p>{w().intro}</p>
            <label>
              {w().name}
              <input type="text" maxLength={40} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
            </label>
            <button type="submit">{w().create}</button>
          </form>
        }
      >
        <Show when={profile()}>
          {(p) => (
            <>
              <p>
                {w().signIn} <code class="signin" style={{ "word-break": "break-all" }}>{signInLink(key()!)}</code>{" "}
                <button type="button" onClick={() => navigator.clipboard?.writeText(signInLink(key()!))}>
                  {w().copy}
                </button>
              </p>
              <fieldset>
                <legend>{w().channels}</legend>
                <Show when={p().channels.length} fallback={<p>{w().none}</p>}>
                  <ul class="channels">
                    <For each={p().channels}>
                      {(ch) => (
                        <li>
                          <span>
                            {ch.kind}: {ch.label}
                          </span>{" "}
                          <button type="button" onClick={() => run(async () => (await call("POST", `/me/channels/${ch.id}/test`), setTimeout(refetchOutbox, 3000)), w().testQueued)}>
                            {w().test}
                          </button>{" "}
                          <button type="button" onClick={() => run(async () => (await call("DELETE", `/me/channels/${ch.id}`), reload()))}>
                            {w().remove}
                          </button>
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
                <Show when={p().available.push && p().vapidPublicKey}>
                  <button type="button" onClick={() => run(async () => (await enablePush(p().vapidPublicKey!), reload()))}>
                    {w().enablePush}
                  </button>
                </Show>
                <form class="row" onSubmit={(e) => (e.preventDefault(), run(async () => (await call("POST", "/me/channels", { kind: "webhook", url: hook().trim(), format: format() }), setHook(""), reload())))}>
                  <label>
                    {w().webhook}
                    <input type="url" required maxLength={500} placeholder="https://ntfy.sh/…" value={hook()} onInput={(e) => setHook(e.currentTarget.value)} />
                  </label>
                  <select value={format()} onChange={(e) => setFormat(e.currentTarget.value as "ntfy")} aria-label="format">
                    <option value="ntfy">ntfy</option>
                    <option value="discord">Discord</option>
                    <option value="json">JSON</option>
                  </select>
                  <button type="submit">{w().add}</button>
                </form>
                <Show when={p().available.email}>
                  <form class="row" onSubmit={(e) => (e.preventDefault(), run(async () => (await call("POST", "/me/channels", { kind: "email", address: address().trim() }), setAddress(""), reload())))}>
                    <label>
                      {w().email}
                      <input type="email" required maxLength={254} value={address()} onInput={(e) => setAddress(e.currentTarget.value)} />
                    </label>
                    <button type="submit">{w().add}</button>
                  </form>
                </Show>
              </fieldset>
              <fieldset>
                <legend>{w().quiet}</legend>
                <QuietHours value={p().quietHours} labels={w()} onSave={(q) => patch({ quietHours: q })} />
                <label>
                  {w().timeZone}
                  <input type="text" value={p().timeZone} onChange={(e) => patch({ timeZone: e.currentTarget.value.trim() })} />
                </label>
              </fieldset>
              <label class="choice">
                <input type="checkbox" checked={p().autoPlay} onChange={(e) => patch({ autoPlay: e.currentTarget.checked })} />
                {w().autoPlay}
              </label>
              <fieldset>
                <legend>{w().vacation}</legend>
                <Show
                  when={p().vacation.until}
                  fallback={
                    <div class="row">
                      <input type="number" min="1" max={p().vacation.daysLeft} value={days()} onInput={(e) => setDays(Number(e.currentTarget.value))} aria-label={w().days} /> {w().days}{" "}
                      <button type="button" disabled={!p().vacation.daysLeft} onClick={() => run(async () => mutate(await call<Profile>("POST", "/me/vacation", { days: days() })))}>
                        {w().start}
                      </button>
                    </div>
                  }
                >
                  <p>
                    {w().until} {new Date(p().vacation.until!).toLocaleString()}{" "}
                    <button type="button" onClick={() => run(async () => mutate(await call<Profile>("DELETE", "/me/vacation")))}>
                      {w().end}
                    </button>
                  </p>
                </Show>
                <p>
                  {p().vacation.daysLeft} {w().left}
                </p>
              </fieldset>
              <Show when={outbox()?.length}>
                <details>
                  <summary>{w().sent}</summary>
                  <ul class="outbox">
                    <For each={outbox()}>
                      {(o) => (
                        <li>
                          {new Date(o.createdAt).toLocaleString()} · {o.channel} · {o.message.title} · <strong>{o.status}</strong>
                          {o.error ? ` (${o.error})` : ""}
                        </li>
                      )}
                    </For>
                  </ul>
                </details>
              </Show>
            </>
          )}
        </Show>
      </Show>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </section>
  );
}

function QuietHours(props: { value: Profile["quietHours"]; labels: (typeof texts)["en"]; onSave: (q: Profile["quietHours"]) => void }) {
  const [start, setStart] = createSignal(props.value?.start ?? "22:00");
  const [end, setEnd] = createSignal(props.value?.end ?? "07:00");
  const [on, setOn] = createSignal(props.value !== null);
  return (
    <div class="row">
      <input type="checkbox" checked={on()} onChange={(e) => setOn(e.currentTarget.checked)} aria-label={props.labels.quiet} /> {props.labels.from}{" "}
      <input type="time" value={start()} disabled={!on()} onInput={(e) => setStart(e.currentTarget.value)} /> {props.labels.to}{" "}
      <input type="time" value={end()} disabled={!on()} onInput={(e) => setEnd(e.currentTarget.value)} />{" "}
      <button type="button" onClick={() => props.onSave(on() ? { start: start(), end: end() } : null)}>
        {props.labels.save}
      </button>
    </div>
  );
}
