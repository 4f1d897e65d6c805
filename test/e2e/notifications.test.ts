// The notification settings on a phone (issue 18): why push and e-mail are not offered here (the
// local server has no push keys and no mail sender), the time zone as a searchable list of every
// zone this browser knows, dates in the player's language and zone, vacation counted in hours;
// and the "your turn" count in the header and the tab's title; when an unseen turn message goes by
// the next channel, and the last messages with how each went. Screenshots at 360 px and desktop.
import { afterEach, expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems = env.problems;
const call = <T>(method: string, path: string, body?: unknown, key?: string) => env.api<T>(path, body, key, method);

afterEach(async () => {
  expect(problems).toEqual([]);
});

it("says why a channel is missing, lists the zones, shows dates in the player's zone and counts vacation in hours", async () => {
  const { key } = await call<{ key: string }>("POST", "/api/players", { name: "Resi", language: "de", timeZone: "Europe/Vienna" });
  const table = await call<{ id: string; seats: { seat: number; token: string }[] }>("POST", "/api/tables", {
    rules: { preset: "standard", players: 2 },
    seats: [{ name: "Resi" }, { name: "Sepp" }],
  });
  const seats = table.seats.map((s) => ({ id: table.id, token: s.token, opened: Date.now() - s.seat }));
  const page = await env.page({ locale: "de-AT", timezoneId: "Europe/Vienna", consoleErrors: false, storage: { "muli.player": key, "muli.seats": seats, "muli.settings": { lang: "de" } } });
  await page.goto("/settings");

  expect(await page.locator('[data-testid="why-no-push"]').innerText()).toContain("dieser Server hat keine Push-Schlüssel");
  expect(await page.locator('[data-testid="why-no-email"]').innerText()).toContain("keine Absenderadresse");

  // Every zone the browser knows, searchable; the player's zone shown.
  const zone = page.locator('[data-testid="zone"]');
  expect(await zone.inputValue()).toBe("Europe/Vienna");
  expect(await page.locator("datalist#zones option").count()).toBeGreaterThan(300);
  await zone.fill("America/New_York");
  await zone.press("Tab");
  await page.locator('p[role="status"]', { hasText: "Gespeichert" }).waitFor();
  expect((await call<{ timeZone: string }>("GET", "/api/players/me", undefined, key)).timeZone).toBe("America/New_York");
  // The device's own zone is a click away.
  await page.locator("button", { hasText: "Die dieses Geräts nehmen (Europe/Vienna)" }).click();
  await page.locator('p[role="status"]', { hasText: "Gespeichert" }).waitFor();
  await expect.poll(async () => (await call<{ timeZone: string }>("GET", "/api/players/me", undefined, key)).timeZone).toBe("Europe/Vienna");

  // Vacation: the date in German and in the player's zone; ended at once it costs one hour.
  await page.getByLabel("Tage", { exact: true }).fill("3");
  await page.locator("button", { hasText: "Beginnen" }).click();
  const until = page.locator("p", { hasText: "Im Urlaub bis" });
  await until.waitFor();
  const me = await call<{ vacation: { until: string } }>("GET", "/api/players/me", undefined, key);
  const expected = new Date(me.vacation.until).toLocaleString("de", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Vienna" });
  expect(await until.innerText()).toContain(`Im Urlaub bis ${expected}`);
  expect(expected).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}, \d\d:\d\d$/);
  await page.screenshot({ path: `${ARTIFACTS}/notifications-de-360.png`, fullPage: true });
  await page.locator("button", { hasText: "Urlaub beenden" }).click();
  await page.locator('[data-testid="vacation-left"]', { hasText: "20 Tage und 23 Stunden übrig" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // One of the two seats is asked: the header and the title count it.
  await page.locator('[data-testid="turn-count"]', { hasText: "1" }).waitFor();
  expect(await page.title()).toMatch(/^\(1\) Muli/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${ARTIFACTS}/notifications-de-desktop.png`, fullPage: true });
});

/** What the sent log of a server with push keys gives (this local server has none): one of each state. */
function sentLog(now: number) {
  const message = (kind: string, others: string[][]) => ({ kind, title: "Muli", text: "…", url: "/", tables: others.map((o, i) => ({ table: `t_${i}`, seat: 0, kind: "turn", deadline: null, link: "/t/x#…", others: o })) });
  const row = (i: number, channel: string, status: string, extra: Record<string, unknown>, kind = "turn", others = [["Sepp", "Vroni"]]) => ({
    id: `o${i}`, channel, kind, status, attempts: 1, error: status === "failed" ? "HTTP 400" : null, createdAt: now - i * 3_600_000, sentAt: status === "sent" ? now - i * 3_600_000 : null,
    shownAt: null, openedAt: null, escalatedAt: null, resent: false, message: message(kind, others), ...extra,
  });
  return [
    row(0, "push", "sent", { shownAt: now, openedAt: now + 5000 }),
    row(1, "webhook", "sent", { resent: true }),
    row(3, "push", "sent", { escalatedAt: now - 3_600_000 }),
    row(4, "push", "sent", { shownAt: now - 4 * 3_600_000 }, "digest", [["Sepp"], ["Vroni", "Loisi"]]),
    row(5, "email", "failed", {}),
    row(6, "push", "sent", { shownAt: now - 6 * 3_600_000 }, "test", []),
  ];
}

it("sets when an unseen turn message goes by the next channel, and shows the last messages and how each went", async () => {
  const { key } = await call<{ key: string }>("POST", "/api/players", { name: "Resi", language: "de", timeZone: "Europe/Vienna" });
  expect((await call<{ resendAfter: number | null }>("GET", "/api/players/me", undefined, key)).resendAfter).toBe(120);
  const page = await env.page({ locale: "de-AT", timezoneId: "Europe/Vienna", consoleErrors: false, storage: { "muli.player": key, "muli.settings": { lang: "de" } } });
  const now = Date.now();
  await page.context().route("**/api/players/me/outbox", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(sentLog(now)) }));
  await page.goto("/settings");

  // The setting: 2 hours unless chosen; a choice is saved; "never" too.
  const resend = page.locator('[data-testid="resend-after"]');
  expect(await resend.locator("option:checked").innerText()).toBe("2 Stunden");
  expect(await resend.locator("option").allInnerTexts()).toEqual(["15 Minuten", "30 Minuten", "1 Stunde", "2 Stunden", "4 Stunden", "8 Stunden", "12 Stunden", "24 Stunden", "nie: alle Kanäle gleich"]);
  await resend.selectOption("30");
  await page.locator('p[role="status"]', { hasText: "Gespeichert" }).waitFor();
  await expect.poll(async () => (await call<{ resendAfter: number | null }>("GET", "/api/players/me", undefined, key)).resendAfter).toBe(30);
  await resend.selectOption("never");
  await expect.poll(async () => (await call<{ resendAfter: number | null }>("GET", "/api/players/me", undefined, key)).resendAfter).toBeNull();
  await resend.selectOption("120");
  await expect.poll(async () => (await call<{ resendAfter: number | null }>("GET", "/api/players/me", undefined, key)).resendAfter).toBe(120);

  // The last messages: when (German, the player's zone), which table, which channel, how it went.
  const rows = page.locator('[data-testid="sent-log"] li');
  await expect.poll(() => rows.count()).toBe(6);
  const text = await rows.allInnerTexts();
  const when = new Date(now).toLocaleString("de", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Vienna" });
  expect(text[0]).toContain(when);
  expect(text[0]).toContain("Push");
  expect(text[0]).toContain("Tisch mit Sepp und Vroni");
  expect(text[0]).toContain("geöffnet");
  expect(text[1]).toContain("Webhook");
  expect(text[1]).toContain("zugestellt");
  expect(text[1]).toContain("noch einmal: nicht rechtzeitig gesehen");
  expect(text[2]).toContain("nicht gesehen");
  expect(text[2]).toContain("dann über den nächsten Kanal gesendet");
  expect(text[3]).toContain("2 Tische");
  expect(text[3]).toContain("angezeigt");
  expect(text[4]).toContain("E-Mail");
  expect(text[4]).toContain("fehlgeschlagen");
  expect(text[5]).toContain("Testnachricht");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.locator('[data-testid="sent-log"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/delivery-de-360.png`, fullPage: true });

  // In English, at desktop size.
  await page.evaluate(() => localStorage.setItem("muli.settings", JSON.stringify({ lang: "en" })));
  await page.context().addInitScript(() => localStorage.setItem("muli.settings", JSON.stringify({ lang: "en" })));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await page.locator('[data-testid="sent-log"] li', { hasText: "then sent by the next channel" }).waitFor();
  expect(await resend.locator("option:checked").innerText()).toBe("2 hours");
  expect(await page.locator('[data-testid="sent-log"] li').first().innerText()).toContain("Table with Sepp and Vroni");
  await page.screenshot({ path: `${ARTIFACTS}/delivery-en-desktop.png`, fullPage: true });
});

it("says in both languages why e-mail is not offered here, and that a channel of it gets nothing", async () => {
  const { key } = await call<{ key: string }>("POST", "/api/players", { name: "Resi", language: "en", timeZone: "Europe/Vienna" });
  const page = await env.page({ locale: "en-GB", timezoneId: "Europe/Vienna", consoleErrors: false, storage: { "muli.player": key, "muli.settings": { lang: "en" } } });
  // An e-mail channel made while the server still sent e-mail (this local server cannot make one):
  // the server's own profile, with that channel added as the server would list it.
  await page.context().route("**/api/players/me", async (route) => {
    const res = await route.fetch();
    const me = (await res.json()) as { channels: unknown[]; unavailable: { email: string | null } };
    me.channels = [{ id: 1, kind: "email", label: "resi@example.com", createdAt: Date.now(), unavailable: me.unavailable.email }];
    await route.fulfill({ response: res, json: me });
  });
  await page.goto("/settings");
  const why = page.locator('[data-testid="why-no-email"]');
  expect(await why.innerText()).toContain("no sender address (EMAIL_FROM)");
  expect(await why.innerText()).toContain("Cloudflare's Email Service");
  const channel = page.locator("ul.channels li");
  expect(await channel.innerText()).toContain("E-mail: resi@example.com");
  expect(await channel.locator('[data-testid="channel-not-sent"]').innerText()).toContain("Nothing is sent by this channel: E-mail is not offered");
  expect(await channel.locator("button").allInnerTexts()).toEqual(["Remove"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${ARTIFACTS}/email-unavailable-en-360.png`, fullPage: true });

  await page.context().addInitScript(() => localStorage.setItem("muli.settings", JSON.stringify({ lang: "de" })));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await page.locator('[data-testid="channel-not-sent"]', { hasText: "Über diesen Kanal geht nichts hinaus" }).waitFor();
  expect(await why.innerText()).toContain("Cloudflares E-Mail-Dienst");
  expect(await channel.innerText()).toContain("E-Mail: resi@example.com");
  await page.screenshot({ path: `${ARTIFACTS}/email-unavailable-de-desktop.png`, fullPage: true });
});
