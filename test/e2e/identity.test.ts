// Nobody loses a seat: a player from the first click, the sign-in link after all site data is
// cleared mid-game, the host handing out a new link (the old browser's socket closed, its next
// request refused), a passkey (Chromium's virtual authenticator), a bad sign-in link that leaves
// every page working, devices signed out and a key rotated in Settings, and "Forget" asking first.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const env = useServerAndBrowser();

async function open(browser: Browser, width = 360, locale = "en-US", baseURL = env.server.url): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ locale, viewport: { width, height: width < 500 ? 740 : 900 }, baseURL });
  ctx.setDefaultTimeout(60_000);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

/** Anna (this browser), Bert (a person) and an easy bot; returns the links page's seat links. */
async function createThree(page: Page): Promise<{ id: string; anna: string; bert: string }> {
  await page.goto("/new");
  await page.locator('select[name="players"]').selectOption("3");
  await page.locator('input[name="seat0"]').fill("Anna");
  await page.locator('input[name="seat1"]').fill("Bert");
  await page.locator('input[name="seat2"]').fill("Muli");
  await page.locator('select[name="bot2"]').selectOption("easy");
  await page.locator("button.primary[type=submit]").click();
  const links = page.locator('[data-testid="links"]');
  await links.waitFor();
  const id = (await links.getAttribute("data-table"))!;
  return { id, anna: await page.locator("#link-0").inputValue(), bert: await page.locator("#link-1").inputValue() };
}

/** Everything this site keeps in the browser, gone (as "clear site data" does). */
async function clearSiteData(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

it("a bad or revoked sign-in link is dropped with a message; every page keeps working", async () => {
  const { ctx, page, errors } = await open(env.browser);
  await page.goto("/signin#pk_thisIsNotAKeyAtAll");
  const notice = page.locator('[data-testid="player-notice"]');
  await notice.waitFor();
  expect(await notice.getAttribute("data-kind")).toBe("badLink");
  expect(new URL(page.url()).pathname).toBe("/settings");
  expect(new URL(page.url()).hash).toBe("");
  // Settings is whole: the card style and the player's form, not "Loading…".
  await page.locator('input[name="style"]').first().waitFor();
  await page.locator(".notifications form").waitFor();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("muli.player") ?? "null"))).toBe(null);
  await page.screenshot({ path: "test-results/identity-bad-signin-360.png", fullPage: true });
  // A well-formed key the server does not know (mistyped, or revoked) is dropped where it is used.
  await page.evaluate(() => localStorage.setItem("muli.player", JSON.stringify("pk_" + "A".repeat(32))));
  await page.goto("/settings");
  await notice.waitFor();
  expect(await notice.getAttribute("data-kind")).toBe("revoked");
  await page.locator(".notifications form").waitFor();
  expect(await page.evaluate(() => localStorage.getItem("muli.player"))).toBe("null");
  for (const path of ["/", "/new", "/help"]) {
    await page.goto(path);
    await page.locator("main h1").first().waitFor();
  }
  expect(errors).toEqual([]);
  await ctx.close();
});

it("the sign-in link brings the seat back after all site data is cleared mid-game", async () => {
  const { ctx, page, errors } = await open(env.browser, 1280);
  const t = await createThree(page);
  // The creator's player was made silently: Settings makes a sign-in link (good once).
  await page.goto("/settings");
  await page.locator('[data-testid="make-link"]').click();
  const signIn = (await page.locator("code.signin").textContent())!;
  expect(signIn).toMatch(/\/signin#sl_/);
  await page.goto(new URL(t.anna).pathname + new URL(t.anna).hash);
  // The seat's table (its hand waits for the cut, which may be another seat's, none of them open).
  await page.locator(".table").waitFor();
  // All site data cleared (on a page that holds no table, so nothing is written back).
  await page.goto("/help");
  await clearSiteData(page);
  await page.goto("/");
  await page.locator(".my-games h1").waitFor();
  expect(await page.locator('[data-testid="game"]').count()).toBe(0);
  // Another device, or this one after clearing: the sign-in link, and My games has the seat again.
  await page.goto(new URL(signIn).pathname + new URL(signIn).hash);
  await page.locator('[data-testid="player-notice"][data-kind="signedIn"]').waitFor();
  // A message's bare table link (no seat token in it) opens the seat through the player.
  await page.goto(`/t/${t.id}`);
  await page.locator(".table").waitFor();
  await page.screenshot({ path: "test-results/identity-bare-link-1280.png", fullPage: true });
  await page.goto("/");
  await page.locator('[data-testid="game"]').first().waitFor();
  await page.locator('[data-testid="game"] a').first().click();
  await page.locator(".table").waitFor();
  expect(new URL(page.url()).pathname).toBe(`/t/${t.id}`);
  expect(errors).toEqual([]);
  await ctx.close();
});

it("the host gives a lost seat a new link: the old browser's socket is closed, its next request refused", async () => {
  const host = await open(env.browser, 1280);
  const t = await createThree(host.page);
  // Bert plays from his phone; then his browser's data is cleared while the table is open.
  const bert = await open(env.browser, 360);
  const closed: Promise<void>[] = [];
  bert.page.on("websocket", (ws) => closed.push(new Promise((resolve) => ws.on("close", () => resolve()))));
  await bert.page.goto(new URL(t.bert).pathname + new URL(t.bert).hash);
  await bert.page.locator(".table").waitFor();
  await expect.poll(() => closed.length).toBeGreaterThan(0);
  await clearSiteData(bert.page);
  // The host's page shows Bert's seat as opened, with its link again.
  await host.page.goto(`/t/${t.id}/host`);
  const seat = host.page.locator('.host-seats li[data-seat="1"]');
  await seat.waitFor();
  await expect.poll(() => seat.getAttribute("data-opened")).toBe("yes");
  expect(await host.page.locator("#host-link-1").inputValue()).toBe(t.bert);
  await seat.locator("button", { hasText: "New link" }).click();
  await seat.locator(".ask").waitFor();
  await host.page.screenshot({ path: "test-results/identity-host-ask-1280.png", fullPage: true });
  await seat.locator(".ask button.primary").click();
  await seat.locator('[role="status"]').waitFor();
  expect(await seat.locator('[role="status"]').textContent()).toBe("Bert has a new link: send it to them.");
  await expect.poll(() => host.page.locator("#host-link-1").inputValue()).not.toBe(t.bert);
  const fresh = await host.page.locator("#host-link-1").inputValue();
  await host.page.screenshot({ path: "test-results/identity-host-1280.png", fullPage: true });
  // The old browser: its socket closed at once; its next request with the old token refused.
  await Promise.race(closed);
  const oldToken = new URL(t.bert).hash.slice(1);
  const status = await bert.page.evaluate(async ([id, token]) => (await fetch(`/api/tables/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status, [t.id, oldToken]);
  expect(status).toBe(401);
  // The new link plays Bert's seat.
  const again = await open(env.browser, 360);
  await again.page.goto(new URL(fresh).pathname + new URL(fresh).hash);
  await again.page.locator(".table").waitFor();
  const you = await again.page.evaluate(async ([id, token]) => ((await (await fetch(`/api/tables/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { you: number }).you, [t.id, new URL(fresh).hash.slice(1)]);
  expect(you).toBe(1);
  // The host's page on a phone.
  const phone = await host.ctx.newPage();
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(`/t/${t.id}/host`);
  await phone.locator('.host-seats li[data-seat="1"]').waitFor();
  await phone.screenshot({ path: "test-results/identity-host-360.png", fullPage: true });
  expect([...host.errors, ...bert.errors, ...again.errors]).toEqual([]);
  await Promise.all([host.ctx.close(), bert.ctx.close(), again.ctx.close()]);
});

it("“Forget” asks before it removes a running game, and says how to get the seat back", async () => {
  const { ctx, page, errors } = await open(env.browser, 360, "de-DE");
  const t = await createThree(page);
  await page.goto(new URL(t.anna).pathname + new URL(t.anna).hash);
  await page.locator(".table").waitFor();
  await page.goto("/");
  const game = page.locator('[data-testid="game"]');
  await game.first().waitFor();
  await game.first().locator("button", { hasText: "Vergessen" }).click();
  const ask = page.locator('[data-testid="forget-ask"]');
  await ask.waitFor();
  expect(await ask.textContent()).toMatch(/Spieler behält den Platz/);
  await page.screenshot({ path: "test-results/identity-forget-360.png", fullPage: true });
  await ask.locator("button.primary").click(); // keep
  expect(await game.count()).toBe(1);
  await game.first().locator("button", { hasText: "Vergessen" }).click();
  await ask.locator("button", { hasText: "Vergessen" }).click();
  await expect.poll(() => game.count()).toBe(0);
  // The player still holds it: Settings brings it back.
  await page.goto("/settings");
  await page.locator("button", { hasText: "Vergessene Partien zeigen" }).click();
  await page.goto("/");
  await game.first().waitFor();
  expect(errors).toEqual([]);
  await ctx.close();
});

it("a passkey brings the seat back after all site data is cleared mid-game", async () => {
  // A passkey is bound to a host name, never an IP address: the same server as localhost.
  const { ctx, page, errors } = await open(env.browser, 1280, "en-US", env.server.url.replace("127.0.0.1", "localhost"));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const t = await createThree(page);
  await page.goto("/settings");
  await page.locator('[data-testid="add-passkey"]').click();
  await page.locator('[data-testid="passkey"]').waitFor();
  expect(await page.locator('[data-testid="devices-message"]').textContent()).toMatch(/Passkey added/);
  await page.screenshot({ path: "test-results/identity-devices-1280.png", fullPage: true });
  await page.goto(new URL(t.anna).pathname + new URL(t.anna).hash);
  await page.locator(".table").waitFor(); // its hand waits for the cut, perhaps by a seat nobody has open
  // Everything the site keeps in this browser, gone (the passkey lives in the authenticator).
  await page.goto("/help");
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(page.url()).origin, storageTypes: "all" });
  await page.goto("/");
  await page.locator(".my-games h1").waitFor();
  expect(await page.locator('[data-testid="game"]').count()).toBe(0);
  await page.goto("/settings");
  await page.locator('[data-testid="sign-in-ways"]').waitFor();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: "test-results/identity-sign-in-ways-360.png", fullPage: true });
  await page.locator('[data-testid="passkey-sign-in"]').click();
  await page.locator('[data-testid="player-notice"][data-kind="signedIn"]').waitFor();
  // This device has a key of its own, listed beside the first one.
  await expect.poll(() => page.locator('[data-testid="device"]').count()).toBe(2);
  expect(await page.locator('[data-testid="device"][data-current="yes"]').textContent()).toMatch(/by passkey/);
  await page.goto("/");
  await page.locator('[data-testid="game"] a').first().click();
  await page.locator(".table").waitFor();
  expect(new URL(page.url()).pathname).toBe(`/t/${t.id}`);
  expect(errors).toEqual([]);
  await ctx.close();
});

it("Settings signs another device out at once; a sign-in link works once; a device without the seat is led to sign in", async () => {
  const anna = await open(env.browser, 360, "de-DE");
  const t = await createThree(anna.page);
  await anna.page.goto("/settings");
  await anna.page.locator('[data-testid="make-link"]').click();
  const first = (await anna.page.locator("code.signin").textContent())!;
  // Her phone signs in with the link and gets a key of its own.
  const phone = await open(env.browser, 360, "de-DE");
  await phone.page.goto(new URL(first).pathname + new URL(first).hash);
  await phone.page.locator('[data-testid="player-notice"][data-kind="signedIn"]').waitFor();
  // The link is listed with the device it signed in.
  await anna.page.reload();
  await anna.page.locator('[data-testid="signin-link"]', { hasText: "angemeldet" }).waitFor();
  const phoneKey = await phone.page.evaluate(() => JSON.parse(localStorage.getItem("muli.player") ?? "null") as string);
  expect(phoneKey).not.toBe(new URL(first).hash.slice(1));
  await anna.page.reload();
  const other = anna.page.locator('[data-testid="device"][data-current="no"]');
  await other.waitFor();
  await anna.page.screenshot({ path: "test-results/identity-devices-de-360.png", fullPage: true });
  await other.locator("button", { hasText: "Abmelden" }).click();
  await expect.poll(() => other.count()).toBe(0);
  // The phone's key is refused at once: dropped with a notice, the page still whole.
  await phone.page.goto("/settings");
  await phone.page.locator('[data-testid="player-notice"][data-kind="revoked"]').waitFor();
  await phone.page.locator('[data-testid="sign-in-ways"]').waitFor();
  expect(await phone.page.evaluate(() => localStorage.getItem("muli.player"))).toBe("null");
  // A device holding nothing opens a message's bare table link: it is led to sign in.
  const stranger = await open(env.browser, 360, "de-DE");
  await stranger.page.goto(`/t/${t.id}`);
  await stranger.page.locator('[data-testid="no-seat"] a[href="/settings"]').waitFor();
  await stranger.page.screenshot({ path: "test-results/identity-no-seat-de-360.png", fullPage: true });
  await stranger.ctx.close();
  // A new key for Anna's browser: it goes on; the link she used before opens nothing (good once).
  await anna.page.locator('[data-testid="rotate"]').click();
  await anna.page.locator('[data-testid="rotate-yes"]').click();
  await expect.poll(() => anna.page.locator('[data-testid="devices-message"]').textContent()).toMatch(/neuen Schlüssel/);
  await phone.page.goto(new URL(first).pathname + new URL(first).hash);
  await phone.page.locator('[data-testid="player-notice"][data-kind="badLink"]').waitFor();
  await anna.page.goto("/");
  await anna.page.locator('[data-testid="game"]').first().waitFor();
  expect([...anna.errors, ...phone.errors]).toEqual([]);
  await Promise.all([anna.ctx.close(), phone.ctx.close()]);
});
