// What a browser sees of the hardening: security headers on every page and file, no CSP violation
// while a table is played, the service worker and the manifest still working, no framing, the seat
// token out of the address bar once kept, and no token in the socket's URL.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { EXPECTED_PAGE_HEADERS } from "../expected-headers";
import { fillTwoSeatBotForm, useServerAndBrowser } from "./setup";

const env = useServerAndBrowser();

async function newPage(problems: string[]): Promise<Page> {
  const ctx = await env.browser.newContext({ locale: "en-US", viewport: { width: 360, height: 740 }, baseURL: env.server.url });
  ctx.setDefaultTimeout(60_000);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || /Content Security Policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

it("sends the security headers with every page, file and API answer", async () => {
  for (const path of ["/", "/t/t_AAAAAAAAAAAAAAAA", "/sw.js", "/manifest.webmanifest", "/icon.svg", "/settings"]) {
    const res = await fetch(env.server.url + path);
    expect(res.status, path).toBe(200);
    for (const [k, v] of Object.entries(EXPECTED_PAGE_HEADERS)) expect(res.headers.get(k), `${path}: ${k}`).toBe(v);
    await res.arrayBuffer();
  }
  const api = await fetch(`${env.server.url}/api/health`);
  expect(api.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
  expect(api.headers.get("X-Content-Type-Options")).toBe("nosniff");
});

it("plays a table with no CSP violation, keeps no token in the address bar or the socket URL, and works as an app", async () => {
  const problems: string[] = [];
  const page = await newPage(problems);
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await fillTwoSeatBotForm(page);
  await page.locator("button.primary[type=submit]").click();
  await page.locator('[data-testid="links"]').waitFor();
  await page.locator("button.primary").click();
  await page.locator(".hand .card-button").first().waitFor();
  // The token was in the fragment; the page kept it and took it out of the address bar.
  await expect.poll(() => new URL(page.url()).hash).toBe("");
  expect(page.url()).toMatch(/\/t\/t_[A-Za-z0-9_-]{16}$/);
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  for (const url of sockets) expect(new URL(url).search).toBe("");
  // Live over the socket: a reload opens the same seat from what was kept, still without a token.
  await page.reload();
  await page.locator(".hand .card-button").first().waitFor();
  expect(new URL(page.url()).hash).toBe("");

  // The service worker registers and the manifest loads under the policy.
  const app = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    const manifest = (await fetch("/manifest.webmanifest").then((r) => r.json())) as { name: string };
    return { scope: reg.scope, active: !!(reg.active ?? reg.waiting ?? reg.installing), name: manifest.name };
  });
  expect(app.active).toBe(true);
  expect(app.scope).toBe(`${env.server.url}/`);
  expect(app.name).toBeTruthy();
  await page.screenshot({ path: "test-results/security-table.png" });
  expect(problems).toEqual([]);
});

it("cannot be framed by another page, because of its frame-ancestors policy", async () => {
  // Frames the app from a page of another origin; `strip` serves the app without its two framing
  // headers (the positive control: the same frame then loads, so a refusal is the headers' doing).
  const frameApp = async (strip: boolean) => {
    const messages: string[] = [];
    const page = await newPage([]);
    page.on("console", (m) => messages.push(m.text()));
    if (strip)
      await page.route(`${env.server.url}/`, async (route) => {
        const res = await route.fetch();
        const headers = { ...res.headers() };
        delete headers["content-security-policy"];
        delete headers["x-frame-options"];
        await route.fulfill({ response: res, headers });
      });
    // setContent waits for the load event, which waits for the frame (loaded or refused).
    await page.setContent(`<iframe id="f" src="${env.server.url}/" width="300" height="300"></iframe>`, { waitUntil: "load" });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // A refused frame shows the browser's error page: the app's markup never loads in it.
    const loaded = await frame!.evaluate(() => !!document.querySelector("#app"));
    await page.context().close();
    return { loaded, messages };
  };
  const refused = await frameApp(false);
  expect(refused.loaded).toBe(false);
  // The browser says why: the page's Content-Security-Policy forbids every ancestor.
  expect(refused.messages).toContainEqual(expect.stringMatching(/^Framing '.+' violates the following Content Security Policy directive: "frame-ancestors 'none'"/));
  const control = await frameApp(true);
  expect(control.loaded).toBe(true);
  expect(control.messages.filter((m) => /Framing|frame-ancestors|X-Frame-Options/.test(m))).toEqual([]);
});
