// The notification settings on a phone (issue 18): why push and e-mail are not offered here (the
// local server has no push keys and no mail sender), the time zone as a searchable list of every
// zone this browser knows, dates in the player's language and zone, vacation counted in hours;
// and the "your turn" count in the header and the tab's title. Screenshots at 360 px and desktop.
import type { BrowserContext } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const contexts: BrowserContext[] = [];
const problems: string[] = [];

afterAll(async () => {
  for (const c of contexts) await c.close();
  expect(problems).toEqual([]);
});

async function call<T>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
  const res = await fetch(env.server.url + path, {
    method,
    headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

it("says why a channel is missing, lists the zones, shows dates in the player's zone and counts vacation in hours", async () => {
  const { key } = await call<{ key: string }>("POST", "/api/players", { name: "Resi", language: "de", timeZone: "Europe/Vienna" });
  const table = await call<{ id: string; seats: { seat: number; token: string }[] }>("POST", "/api/tables", {
    rules: { preset: "standard", players: 2 },
    seats: [{ name: "Resi" }, { name: "Sepp" }],
  });
  const ctx = await env.browser.newContext({ locale: "de-AT", timezoneId: "Europe/Vienna", viewport: { width: 360, height: 740 }, baseURL: env.server.url });
  contexts.push(ctx);
  ctx.setDefaultTimeout(60_000);
  const seats = table.seats.map((s) => ({ id: table.id, token: s.token, opened: Date.now() - s.seat }));
  await ctx.addInitScript(
    ([k, s]) => {
      localStorage.setItem("muli.player", k);
      localStorage.setItem("muli.seats", s);
      localStorage.setItem("muli.settings", JSON.stringify({ lang: "de" }));
    },
    [JSON.stringify(key), JSON.stringify(seats)] as const,
  );
  const page = await ctx.newPage();
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
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
