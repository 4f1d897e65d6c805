// Settings section for correspondence play: the player (name, sign-in link for other devices),
// channels with a test button, when an unseen turn message goes by the next channel, quiet hours,
// time zone, auto-play, vacation, and the last messages with how each went; the devices and
// passkeys, or on a device holding nothing the ways to sign in.
import { createResource, createSignal, For, lazy, Show, Suspense } from "solid-js";
import type { Profile } from "../api/players";
import { errorText, t, type Texts } from "../i18n";
import { createProfile } from "../store/profile";
import { createRunner } from "../store/runner";
import { claimSeat } from "../store/claim";
import { seats } from "../store/seats";
import { adoptProfile } from "../store/sync";
import { keepWords } from "../i18n/keep-words";
import { settings } from "../store/settings";
import { ResendAfter, SentLog } from "../components/SentLog";
import { deliveryWords } from "../i18n/delivery";
import type { WebhookFormat } from "../../../worker/notify/channels/webhook-request";

/** The webhook formats the server takes, as the list shows them (the type keeps the two in step). */
const FORMATS: Record<WebhookFormat, string> = { ntfy: "ntfy", discord: "Discord", json: "JSON" };

// Signing in and the devices: their words and the WebAuthn code load with them.
const Devices = lazy(() => import("../components/Devices"));
const SignInWays = lazy(() => import("../components/SignInWays"));

export default function Notifications() {
  const w = () => t().player;
  // Signed in on another device: its seats appear under "My games" here too.
  const me = createProfile(adoptProfile);
  const key = me.key;
  const profile = me.profile;
  const outbox = me.outbox;
  const [name, setName] = createSignal("");
  const [hook, setHook] = createSignal("");
  const [format, setFormat] = createSignal<WebhookFormat>("ntfy");
  const [address, setAddress] = createSignal("");
  const [days, setDays] = createSignal(7);

  const { message, run } = createRunner((e) => errorText(e, w().errors));
  const create = () =>
    run(async () => {
      await me.create(name().trim() || "Muli", settings.lang());
      // Every seat this browser already knows becomes the player's.
      await Promise.all(seats.list().map((s) => claimSeat(s.id, s.token, s.name ?? "")));
      await me.reload();
    });

  const patch = (body: Parameters<typeof me.update>[0]) => run(() => me.update(body), w().saved);

  return (
    <section class="notifications">
      <h2>{w().title}</h2>
      <Show
        when={key()}
        fallback={
          <>
            <form onSubmit={(e) => (e.preventDefault(), create())}>
              <p>{w().intro}</p>
              <label>
                {w().name}
                <input type="text" maxLength={40} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <button type="submit">{w().create}</button>
            </form>
            <Suspense>
              <SignInWays />
            </Suspense>
          </>
        }
      >
        <Show when={profile()}>
          {(p) => (
            <>
              <Suspense>
                <Devices profile={p()} reload={me.reload} />
              </Suspense>
              <Show when={seats.forgotten().length}>
                <p>
                  <button type="button" onClick={() => (seats.unforget(), me.reload())}>
                    {keepWords().forget.restore}
                  </button>
                </p>
              </Show>
              <fieldset>
                <legend>{w().channels}</legend>
                <Show when={p().channels.length} fallback={<p>{w().none}</p>}>
                  <ul class="channels">
                    <For each={p().channels}>
                      {(ch) => (
                        <li>
                          <span>
                            {deliveryWords().channel[ch.kind] ?? ch.kind}: {ch.label}
                          </span>{" "}
                          <Show when={ch.unavailable}>
                            {(why) => (
                              <span class="help" data-testid="channel-not-sent">
                                {w().notSent} {w().unavailable[why()]}
                              </span>
                            )}
                          </Show>{" "}
                          {/* Nothing goes by a kind not offered: no test button to fail. */}
                          <Show when={!ch.unavailable}>
                            <button type="button" onClick={() => run(() => me.testChannel(ch.id), w().testQueued)}>
                              {w().test}
                            </button>{" "}
                          </Show>
                          <button type="button" onClick={() => run(() => me.removeChannel(ch.id))}>
                            {w().remove}
                          </button>
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
                <Show
                  when={p().available.push && p().vapidPublicKey}
                  fallback={
                    <p class="help" data-testid="why-no-push">
                      {w().unavailable[p().unavailable.push ?? "NO_PUSH_KEYS"]}
                    </p>
                  }
                >
                  <button type="button" onClick={() => run(() => me.enablePush(p().vapidPublicKey!))}>
                    {w().enablePush}
                  </button>
                </Show>
                <form class="row" onSubmit={(e) => (e.preventDefault(), run(async () => (await me.addChannel({ kind: "webhook", url: hook().trim(), format: format() }), setHook(""))))}>
                  <label>
                    {w().webhook}
                    <input type="url" required maxLength={500} placeholder="https://ntfy.sh/…" value={hook()} onInput={(e) => setHook(e.currentTarget.value)} />
                  </label>
                  <select value={format()} onChange={(e) => setFormat(e.currentTarget.value as WebhookFormat)} aria-label="format">
                    <For each={Object.entries(FORMATS)}>{([value, label]) => <option value={value}>{label}</option>}</For>
                  </select>
                  <button type="submit">{w().add}</button>
                </form>
                <Show
                  when={p().available.email}
                  fallback={
                    <p class="help" data-testid="why-no-email">
                      {w().unavailable[p().unavailable.email ?? "NO_EMAIL_SENDER"]}
                    </p>
                  }
                >
                  <form class="row" onSubmit={(e) => (e.preventDefault(), run(async () => (await me.addChannel({ kind: "email", address: address().trim() }), setAddress(""))))}>
                    <label>
                      {w().email}
                      <input type="email" required maxLength={254} value={address()} onInput={(e) => setAddress(e.currentTarget.value)} />
                    </label>
                    <button type="submit">{w().add}</button>
                  </form>
                </Show>
                <ResendAfter value={p().resendAfter} choices={p().resendChoices} onSave={(resendAfter) => patch({ resendAfter })} />
              </fieldset>
              <fieldset>
                <legend>{w().quiet}</legend>
                <QuietHours value={p().quietHours} labels={w()} onSave={(q) => patch({ quietHours: q })} />
                <ZonePicker value={p().timeZone} labels={w()} onSave={(timeZone) => patch({ timeZone })} />
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
                      <button type="button" disabled={!p().vacation.daysLeft} onClick={() => run(() => me.startVacation(days()))}>
                        {w().start}
                      </button>
                    </div>
                  }
                >
                  <p>
                    {w().until(p().vacation.until!, p().timeZone)}{" "}
                    <button type="button" onClick={() => run(() => me.endVacation())}>
                      {w().end}
                    </button>
                  </p>
                </Show>
                <p data-testid="vacation-left">{w().left(p().vacation.hoursLeft)}</p>
              </fieldset>
              <SentLog entries={outbox() ?? []} timeZone={p().timeZone} />
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

function QuietHours(props: { value: Profile["quietHours"]; labels: Texts["player"]; onSave: (q: Profile["quietHours"]) => void }) {
  const [start, setStart] = createSignal(props.value?.start ?? "22:00");
  const [end, setEnd] = createSignal(props.value?.end ?? "07:00");
  const [on, setOn] = createSignal(props.value !== null);
  return (
    <div class="row">
      <input type="checkbox" checked={on()} onChange={(e) => setOn(e.currentTarget.checked)} aria-label={props.labels.quiet} /> {props.labels.from}{" "}
      <input type="time" aria-label={`${props.labels.quiet}: ${props.labels.from}`} value={start()} disabled={!on()} onInput={(e) => setStart(e.currentTarget.value)} /> {props.labels.to}{" "}
      <input type="time" aria-label={`${props.labels.quiet}: ${props.labels.to}`} value={end()} disabled={!on()} onInput={(e) => setEnd(e.currentTarget.value)} />{" "}
      <button type="button" onClick={() => props.onSave(on() ? { start: start(), end: end() } : null)}>
        {props.labels.save}
      </button>
    </div>
  );
}

/** Every IANA zone this browser knows, searchable by typing; the device's own one a click away. */
function ZonePicker(props: { value: string; labels: Texts["player"]; onSave: (zone: string) => void }) {
  const zones = (() => {
    try {
      return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone");
    } catch {
      return [];
    }
  })();
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const [zone, setZone] = createSignal(props.value);
  const save = (z: string) => {
    const known = zones.length === 0 || zones.includes(z) || z === "UTC";
    if (known && z !== props.value) props.onSave(z);
  };
  return (
    <div class="row">
      <label>
        {props.labels.timeZone}{" "}
        <input
          type="text"
          list="zones"
          data-testid="zone"
          autocomplete="off"
          placeholder={props.labels.zoneSearch}
          value={zone()}
          onInput={(e) => setZone(e.currentTarget.value)}
          onChange={(e) => save(e.currentTarget.value.trim())}
        />
      </label>
      <datalist id="zones">
        <For each={zones}>{(z) => <option value={z} />}</For>
      </datalist>
      <Show when={props.value !== device}>
        <button type="button" onClick={() => (setZone(device), save(device))}>
          {props.labels.useDeviceZone(device)}
        </button>
      </Show>
    </div>
  );
}
