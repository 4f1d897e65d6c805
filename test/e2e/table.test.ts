// Four people create a game through the UI and play a whole hand to the score sheet, each in a
// browser context of their own, against a real local server (wrangler dev).
import { writeFileSync } from "node:fs";
import type { Page, WebSocketRoute } from "playwright-core";
import { expect, it } from "vitest";
import { expectFits, fillTwoSeatBotForm, forcedMove, useServerAndBrowser, version } from "./setup";

const ARTIFACTS = "test-results";
const NAMES = ["Anna", "Bernd", "Carla", "Dora"];

const env = useServerAndBrowser();
const problems = env.problems;

const newPage = (locale: string): Promise<Page> => env.page({ locale });

/** Take one sensible action if it is this page's turn; true when it acted. */
async function step(page: Page, state: { bid: boolean; exchanged: boolean; explained: number }): Promise<boolean> {
  if ((await page.locator(".prompt .question.mine").count()) === 0) return false;
  const before = await version(page);
  const button = (type: string) => page.locator(`.prompt button[data-action="${type}"]:not([disabled])`);
  if (await forcedMove(page)) return false; // the server's to play
  if ((await page.locator(".hand[data-mode=play] .card-button.playable").count()) > 0) {
    // A dimmed card explains itself when pressed; then play by keyboard.
    const dimmed = page.locator(".hand .card-button.dimmed");
    if (await dimmed.count()) {
      // aria-disabled, yet it answers the keyboard (and a tap) with its reason.
      await dimmed.first().focus();
      await page.keyboard.press("Enter");
      expect(await page.locator(".why").innerText()).toMatch(/must|musst/i);
      state.explained++;
    }
    await page.locator(".hand .card-button.playable").first().focus();
    await page.keyboard.press("Enter");
  } else if (await button("noMulatschak").count()) {
    await button("noMulatschak").click();
  } else if ((await button("bid").count()) && !state.bid) {
    state.bid = true;
    await button("bid").first().click();
  } else if (await button("pass").count()) {
    await button("pass").click();
  } else if (await button("trump").count()) {
    await button("trump").first().click();
  } else if (await button("join").count()) {
    await button("join").click();
  } else if (await button("leaveShown").count()) {
    await button("leaveShown").click();
  } else if (await page.locator('.prompt button[data-action="exchange"]').count()) {
    // The first to exchange swaps one card (a clear selection, then maybe a face-up offer).
    if (!state.exchanged && (await page.locator(".hand[data-mode=select] .card-button").count()) > 0) {
      state.exchanged = true;
      const first = page.locator(".hand .card-button").first();
      await first.click();
      await expect.poll(() => first.getAttribute("aria-pressed")).toBe("true");
    }
    await button("exchange").click();
  } else if (await button("hold").count()) {
    await button("hold").click();
  } else if ((await page.locator(".prompt .question.mine").count()) === 0) {
    return false; // a forced move played by the server (auto-play) meanwhile
  } else {
    const text = await page.locator(".prompt").innerText();
    throw new Error(`no known action on a page that is asked: ${text}`);
  }
  // The action is answered with a new view (or a notice): wait for it.
  await expect.poll(async () => (await version(page)) !== before || (await page.locator(".notice").count()) > 0, { timeout: 15_000 }).toBe(true);
  return true;
}

it("four players create a game and play a hand to the score sheet", async () => {
  const host = await newPage("de-DE");
  await host.goto("/new");
  await host.locator('select[name="players"]').selectOption("4");
  for (let i = 0; i < 4; i++) await host.locator(`input[name="seat${i}"]`).fill(NAMES[i]);
  await host.locator("details.house-rules summary").click();
  expect(await host.locator(".house-rules .rule").count()).toBeGreaterThan(20);
  // House rules for a short game: one point each, and exchanging allowed at any score, so that a
  // single hand plays every step and ends the game.
  const setNumber = async (selector: string, value: string) => {
    await host.locator(selector).fill(value);
    await host.locator(selector).press("Tab");
  };
  await setNumber('input[name="startPoints"]', "1");
  await setNumber("#rule-noExchangeAt", "-1");
  await setNumber("#rule-mustPlayAt", "-1");
  expect(await host.locator('input[name="startPoints"]').inputValue()).toBe("1");
  await host.screenshot({ path: `${ARTIFACTS}/create-form.png`, fullPage: true });
  await expectFits(host);
  await host.locator("button.primary[type=submit]").click();
  await host.locator('[data-testid="links"]').waitFor();
  const links = await host.locator(".seat-link").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(links).toHaveLength(4);
  expect(new Set(links).size).toBe(4);
  for (const l of links) expect(l).toMatch(/\/t\/[^#]+#.+/);
  // Copy puts the link on the clipboard; the QR code is drawn for the person next to you.
  await host.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  await host.locator('li[data-seat="2"] .link-row button').first().click();
  expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(links[2]);
  await host.locator('li[data-seat="2"] button[aria-expanded]').click();
  await host.locator('li[data-seat="2"] .qr svg').waitFor();
  await host.screenshot({ path: `${ARTIFACTS}/create-links.png`, fullPage: true });
  await expectFits(host);

  // How long a table page takes to become usable: the table's question on screen (the hand comes
  // with it once the deal is cut, which may wait for another seat), from navigation start, in a
  // fresh context (cold cache) each time; the median of five.
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const ctx = await env.browser.newContext({ locale: "de-DE", viewport: { width: 360, height: 740 } });
    const p = await ctx.newPage();
    await p.goto(links[1]);
    await p.waitForFunction(() => document.querySelector(".table .prompt .question"), undefined, { polling: "raf" });
    times.push(Math.round(await p.evaluate(() => performance.now())));
    await ctx.close();
  }
  times.sort((a, b) => a - b);
  writeFileSync(`${ARTIFACTS}/table-usable-ms.txt`, `median ${times[2]} ms; all ${times.join(", ")}\n`);
  console.log(`[muli] table page usable after ${times[2]} ms median (${times.join(", ")}; headless Chromium, cold cache)`);

  // The host opens its own seat with the button; the others open their links. The deal waits for
  // its cutter's page, so every page is opened before any hand is looked for.
  await host.locator("button.primary").click();
  const pages = [host];
  for (let i = 1; i < 4; i++) {
    const p = await newPage(i % 2 ? "en-US" : "de-AT");
    await p.goto(links[i]);
    pages.push(p);
  }
  for (const p of pages) await p.locator(".hand .card-button").first().waitFor();

  // Every card in hand has an accessible name like "Herz Ober" or "Weli".
  const labels = await pages[1].locator(".hand .card-button").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(labels).toHaveLength(5);
  for (const l of labels) expect(l).toMatch(/^(?:(?:Eichel|Laub|Herz|Schellen) (?:Sau, S|König, K|Ober, O|Unter, U|10|9|8|7|6)|Weli, W)$/);

  // Arrow keys walk along the hand.
  await pages[1].locator(".hand .card-button").first().focus();
  await pages[1].keyboard.press("ArrowRight");
  expect(await pages[1].evaluate(() => document.activeElement?.getAttribute("data-card"))).toBe(
    await pages[1].locator(".hand .card-button").nth(1).getAttribute("data-card"),
  );

  // While bidding, the hints show the order at the table with → at the seat asked.
  await expect.poll(() => pages[1].locator('[data-testid="order"]').innerText()).toContain("→");

  const state = { bid: false, exchanged: false, explained: 0 };
  const deadline = Date.now() + 240_000;
  let shotBidding = false;
  let shotPlay = false;
  for (;;) {
    const sheets = await Promise.all(pages.map((p) => p.locator('[data-testid="score-row"]').count()));
    if (sheets.every((n) => n >= 1)) break;
    if (Date.now() > deadline) throw new Error("the hand did not finish in time");
    if (!shotBidding && (await pages[0].locator('[data-testid="order"]').count())) {
      await pages[0].screenshot({ path: `${ARTIFACTS}/table-bidding.png` });
      shotBidding = true;
    }
    if (!shotPlay && (await pages[0].locator(".trick .played").count()) >= 2) {
      await pages[0].screenshot({ path: `${ARTIFACTS}/table-doppeldeutsch.png` });
      await expectFits(pages[0]);
      // Every suit sign a card uses is defined on the page.
      const missing = await pages[0].evaluate(() =>
        [...document.querySelectorAll("use")].map((u) => u.getAttribute("href")!).filter((h) => !document.querySelector(h)),
      );
      expect(missing).toEqual([]);
      await pages[0].evaluate(() => localStorage.setItem("muli.settings", JSON.stringify({ cardStyle: "fr", lang: "auto", hints: true })));
      await pages[0].reload();
      await pages[0].locator(".hand .card-button, .trick .played").first().waitFor();
      await pages[0].screenshot({ path: `${ARTIFACTS}/table-french.png` });
      shotPlay = true;
    }
    let acted = false;
    for (const p of pages) acted = (await step(p, state)) || acted;
    if (!acted) await new Promise((r) => setTimeout(r, 150));
  }

  console.log(`[muli] dimmed cards explained during the hand: ${state.explained}`);

  // Everyone sees the same score sheet: one hand, and points that moved away from 15.
  for (const p of pages) {
    const sheet = p.locator('[data-testid="score-sheet"]');
    if ((await sheet.getAttribute("open")) === null) await sheet.locator("summary").click();
    const row = await p.locator('[data-testid="score-row"]').first().innerText();
    expect(row).toMatch(/★/);
  }
  const points: string[] = [];
  for (let seat = 0; seat < 4; seat++) points.push((await pages[2].locator(`.player[data-seat="${seat}"] .points`).getAttribute("data-points"))!);
  expect(points.some((p) => Number(p) <= 0)).toBe(true);

  // Someone reached 0: the game is over and every table names the winners.
  for (const p of pages) {
    await p.locator('[data-testid="winners"]').waitFor();
    const text = await p.locator('[data-testid="winners"]').innerText();
    const winners = NAMES.filter((_, seat) => Number(points[seat]) <= 0);
    for (const w of winners) expect(text).toContain(w);
  }
  await pages[0].screenshot({ path: `${ARTIFACTS}/score-sheet.png`, fullPage: true });

  // "My games" lists the table for each seat.
  await pages[3].goto("/");
  await expect.poll(() => pages[3].locator('[data-testid="game"]').count()).toBe(1);

  expect(problems).toEqual([]);
}, 360_000);

// --- Live updates, pending actions and stale versions -------------------------------------------

async function apiTable(players: number) {
  const res = await fetch(`${env.server.url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rules: { preset: "standard", players }, seats: NAMES.slice(0, players).map((name) => ({ name })) }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: string; seats: { seat: number; token: string; link: string }[] };
  // Through env.api: a 429 (every test's requests come from one address) is waited out, never
  // read as a view.
  const view = (seat: number) => env.api<{ version: number; toAct: number[]; phase: string }>(`/api/tables/${body.id}`, undefined, body.seats[seat].token);
  const act = async (seat: number, action: object) => {
    const v = await view(seat);
    await env.api(`/api/tables/${body.id}/actions`, { version: v.version, action }, body.seats[seat].token);
  };
  // The deck is cut first (every deal, by its rearhand): done here, so each test starts at the bidding.
  for (let v = await view(0); v.phase === "cut"; v = await view(0)) await act(v.toAct[0], { type: "cut", value: 4242 + v.version });
  return { ...body, view, act };
}

it("shows a pending action, and resolves a stale version by showing the table as it is now", async () => {
  const t = await apiTable(3);
  const asked = (await t.view(0)).toAct[0];
  const page = await newPage("en-US");
  // No live updates for this page (the socket is mocked and silent), so its view goes stale.
  await page.routeWebSocket(/\/ws/, () => {});
  // Slow the answer down so that the pending state can be seen.
  await page.route("**/actions", async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.goto(t.seats[asked].link);
  await page.locator('button[data-action="noMulatschak"]').waitFor();
  const before = Number(await version(page));

  // Meanwhile the same seat answers from another device.
  await t.act(asked, { type: "noMulatschak" });
  const errorsBefore = problems.length;
  await page.locator('button[data-action="noMulatschak"]').click();
  await page.locator(".pending").waitFor();
  expect(await page.locator('button[data-action="noMulatschak"]').isDisabled()).toBe(true);
  await page.locator(".notice").waitFor();
  expect(await page.locator(".notice").innerText()).toMatch(/changed meanwhile/);
  expect(Number(await version(page))).toBeGreaterThan(before);
  expect(await page.locator('button[data-action="noMulatschak"]').count()).toBe(0);
  // The browser itself logs the 409 answer; nothing else may go wrong.
  expect(problems.slice(errorsBefore).filter((p) => !/409/.test(p))).toEqual([]);
  // Closed first, so that nothing it logs later (a reconnect, a late answer) lands on the next test.
  await page.close();
  problems.length = errorsBefore;
});

it("cuts for the person when the view asking for the cut comes before its own move's answer", async () => {
  const t = await apiTable(2);
  // Two seats: the first to speak is the rearhand, who cuts; both pass, and it cuts again.
  const cutter = (await t.view(0)).toAct[0];
  const other = 1 - cutter;
  const phaseNow = async () => (await t.view(other)).phase;
  const page = await newPage("en-US");
  // This page's moves are answered late (the server has applied them at once), so the socket's
  // view of what followed arrives while the move is still on its way.
  await page.route("**/actions", async (route) => {
    const res = await route.fetch();
    await new Promise((r) => setTimeout(r, 3000));
    await route.fulfill({ response: res });
  });
  await page.goto(t.seats[cutter].link);
  const answer = async (type: string) => {
    await page.locator(`.prompt button[data-action="${type}"]:not([disabled])`).click();
    // Applied on the server (the page still waits for its answer): the other seat's turn.
    await expect.poll(async () => (await t.view(other)).toAct[0], { timeout: 15_000, interval: 200 }).toBe(other);
  };
  await answer("noMulatschak");
  await t.act(other, { type: "noMulatschak" });
  await answer("pass");
  // The other seat passes too while this page's pass is unanswered: a new deal, cut by this seat.
  await t.act(other, { type: "pass" });
  expect(await phaseNow()).toBe("cut");
  await page.locator(".pending").waitFor({ state: "detached", timeout: 15_000 });
  // The page cut by itself once its pass was answered (its cut answered late too): the deal is
  // out within seconds, not at some later refresh.
  await expect.poll(phaseNow, { timeout: 12_000, interval: 500 }).not.toBe("cut");
  await page.locator(".hand .card-button").first().waitFor({ timeout: 10_000 });
  expect(problems).toEqual([]);
});

it("reconnects when the socket drops, and keeps receiving views", async () => {
  const t = await apiTable(2);
  const page = await newPage("de-DE");
  let connections = 0;
  let first: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ws/, (ws) => {
    connections++;
    ws.connectToServer();
    if (connections === 1) first = ws;
  });
  await page.goto(t.seats[0].link);
  await page.locator('.link-status[data-status="live"]').waitFor();
  // Once live, the first connection is cut, as a flaky mobile network would.
  await first!.close({ code: 1012 });
  await page.locator('.link-status[data-status="reconnecting"]').waitFor();
  await page.locator('.link-status[data-status="live"]').waitFor({ timeout: 10_000 });
  expect(connections).toBe(2);

  // A move made elsewhere arrives without reloading.
  const before = Number(await version(page));
  const asked = (await t.view(0)).toAct[0];
  await t.act(asked, { type: "noMulatschak" });
  await expect.poll(async () => Number(await version(page)), { timeout: 10_000 }).toBeGreaterThan(before);
  expect(problems).toEqual([]);
});

it("tells the truth offline: the header says so, a move waits and goes out with its version when the network is back", async () => {
  const t = await apiTable(2);
  const asked = (await t.view(0)).toAct[0];
  const page = await newPage("en-US");
  await page.goto(t.seats[asked].link);
  await page.locator('.link-status[data-status="live"]').waitFor();
  await page.locator('button[data-action="noMulatschak"]').waitFor();
  const before = Number(await version(page));

  // Counted before the network goes: the page logs its failed requests from that moment on.
  const errorsBefore = problems.length;
  await page.context().setOffline(true);
  await page.locator('.link-status[data-status="offline"]').waitFor();
  expect(await page.locator(".link-status").innerText()).toContain("offline");
  await page.locator('button[data-action="noMulatschak"]').click();
  // Plainly not sent yet, and nothing else can be pressed meanwhile.
  await expect.poll(() => page.locator("[data-testid=notice]").innerText()).toMatch(/Not sent yet/);
  expect(await page.locator('button[data-action="noMulatschak"]').isDisabled()).toBe(true);
  expect(Number(await version(page))).toBe(before);
  await page.screenshot({ path: `${ARTIFACTS}/offline-unsent.png`, fullPage: true });

  await page.context().setOffline(false);
  // Back: live again, the move went out (with the version it was made at), the notice is gone.
  await page.locator('.link-status[data-status="live"]').waitFor({ timeout: 15_000 });
  await expect.poll(async () => Number(await version(page)), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect.poll(() => page.locator("[data-testid=notice]").count()).toBe(0);
  // The server has it: the table is past this seat's answer.
  expect((await t.view(asked)).version).toBeGreaterThan(before);
  // The browser logs the failed requests while offline; nothing else may go wrong.
  expect(problems.slice(errorsBefore).filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|WebSocket/.test(p))).toEqual([]);
  // Closed first, so that nothing it logs later (a reconnect, a late answer) lands on the next test.
  await page.close();
  problems.length = errorsBefore;
});

it("does not go on saying 'live' when a move fails for want of a network, and sends it once connected anew", async () => {
  const t = await apiTable(2);
  const asked = (await t.view(0)).toAct[0];
  const page = await newPage("en-US");
  let posts = 0;
  // The first POST dies as on a dead network; the socket still looks open.
  await page.route("**/actions", async (route) => {
    posts++;
    if (posts === 1) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await page.goto(t.seats[asked].link);
  await page.locator('.link-status[data-status="live"]').waitFor();
  // Record every status the header shows from now on.
  await page.evaluate(() => {
    const el = document.querySelector(".link-status")!;
    (window as unknown as { statuses: string[] }).statuses = [];
    new MutationObserver(() => (window as unknown as { statuses: string[] }).statuses.push(el.getAttribute("data-status") ?? "")).observe(el, { attributes: true });
  });
  const before = Number(await version(page));
  const errorsBefore = problems.length;
  await page.locator('button[data-action="noMulatschak"]').click();
  await expect.poll(async () => Number(await version(page)), { timeout: 15_000 }).toBeGreaterThan(before);
  expect(posts).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toContain("reconnecting");
  await page.locator('.link-status[data-status="live"]').waitFor();
  await expect.poll(() => page.locator("[data-testid=notice]").count()).toBe(0);
  expect(problems.slice(errorsBefore).filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p))).toEqual([]);
  // Closed first, so that nothing it logs later (a reconnect, a late answer) lands on the next test.
  await page.close();
  problems.length = errorsBefore;
});

it("refuses a move made offline cleanly when the table moved on meanwhile, and says it was not sent", async () => {
  const t = await apiTable(2);
  const asked = (await t.view(0)).toAct[0];
  const page = await newPage("de-DE");
  await page.goto(t.seats[asked].link);
  await page.locator('.link-status[data-status="live"]').waitFor();
  await page.locator('button[data-action="noMulatschak"]').waitFor();
  // Counted before the network goes: the page logs its failed requests from that moment on.
  const errorsBefore = problems.length;
  await page.context().setOffline(true);
  await page.locator('.link-status[data-status="offline"]').waitFor();
  await page.locator('button[data-action="noMulatschak"]').click();
  await expect.poll(() => page.locator("[data-testid=notice]").innerText()).toMatch(/Noch nicht gesendet/);
  // The same seat answers from another device meanwhile.
  await t.act(asked, { type: "noMulatschak" });
  await page.context().setOffline(false);
  await expect.poll(() => page.locator("[data-testid=notice]").innerText(), { timeout: 15_000 }).toMatch(/nicht gesendet: am Tisch ging es weiter/);
  await page.locator('.link-status[data-status="live"]').waitFor();
  expect(problems.slice(errorsBefore).filter((p) => !/409|ERR_INTERNET_DISCONNECTED|Failed to load resource|WebSocket/.test(p))).toEqual([]);
  // Closed first, so that nothing it logs later (a reconnect, a late answer) lands on the next test.
  await page.close();
  problems.length = errorsBefore;
});

it("lists my games with the ones waiting for me first", async () => {
  const a = await apiTable(2);
  const b = await apiTable(2);
  const page = await newPage("en-US");
  // In table b, open the seat that is asked; in table a, the one that is not (and open it last).
  const askedB = (await b.view(0)).toAct[0];
  const idleA = 1 - (await a.view(0)).toAct[0];
  await page.goto(b.seats[askedB].link);
  await page.locator(".hand .card-button").first().waitFor();
  await page.goto(a.seats[idleA].link);
  await page.locator(".hand .card-button").first().waitFor();
  await page.locator("header nav a[href='/']").click();
  await expect.poll(() => page.locator('[data-testid="game"]').count()).toBe(2);
  const first = page.locator('[data-testid="game"]').first();
  expect(await first.getAttribute("class")).toContain("yours");
  expect(await first.innerText()).toContain("Your turn");
  expect(await page.locator('[data-testid="game"]').nth(1).innerText()).toContain("Waiting for");
  await expectFits(page);
  // Opening it from the list reaches the table without the link.
  await first.locator("a").click();
  await page.locator(".prompt .question.mine").waitFor();
  expect(problems).toEqual([]);
});

it("settings switch card style, language and hints, and send feedback", async () => {
  const t = await apiTable(3);
  const page = await newPage("en-US");
  await page.goto(t.seats[0].link);
  await page.locator(".hand .card-button").first().waitFor();
  await page.locator('[data-testid="order"]').waitFor();

  await page.locator("header nav a[href='/settings']").click();
  await page.locator('input[name="style"][value="fr"]').check();
  await page.locator('select[aria-label="Language"]').selectOption("de");
  await page.locator("text=Verlauf des Reizens").click(); // the hints checkbox's label
  await expectFits(page);

  // Feedback is stored through the API.
  await page.locator("textarea").fill("Bei uns zählt der Weli auch als Herz.");
  await page.locator('input[name="kind"]').first().check();
  await page.locator(".feedback button[type=submit]").click();
  await page.locator('.feedback [role="status"]').waitFor();
  expect(await page.locator('.feedback [role="status"]').innerText()).toContain("Danke");

  await page.goBack();
  await page.locator(".hand .card-button").first().waitFor();
  // German now, French card names, and no bidding hints.
  expect(await page.locator("header nav").innerText()).toContain("Meine Partien");
  const labels = await page.locator(".hand .card-button").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  for (const l of labels) expect(l).toMatch(/^(?:(?:Kreuz|Pik|Herz|Karo) (?:Ass, A|König, K|Dame, D|Bube, B|10|9|8|7|6)|Weli, W)$/);
  expect(await page.locator('[data-testid="order"]').count()).toBe(0);
  expect(problems).toEqual([]);
});

it("says so when a seat link is wrong, instead of failing silently", async () => {
  const t = await apiTable(2);
  const page = await newPage("en-US");
  const before = problems.length;
  await page.goto(`/t/${t.id}#not-a-token`);
  await page.locator("p.error", { hasText: "not valid" }).waitFor();
  // The browser logs the refused requests (401); nothing else may go wrong.
  expect(problems.slice(before).filter((p) => !/401|Unauthorized|WebSocket/i.test(p))).toEqual([]);
  // The page keeps asking with the wrong token: close it before the next test (which has a
  // problems list of its own anyway; test/e2e/setup.ts closes what a test leaves open).
  await page.context().close();
  problems.length = before;
});

it("creates a table with a bot seat from the form, and the bot plays", async () => {
  const page = await newPage("en-US");
  await fillTwoSeatBotForm(page);
  await page.locator("button.primary[type=submit]").click();
  await page.locator('[data-testid="links"]').waitFor();
  // Only the person gets a link.
  expect(await page.locator(".seat-link").count()).toBe(1);
  await page.locator("button.primary").click();
  await page.locator(".hand .card-button").first().waitFor();
  // Play along (never bidding) until the table has moved on by more than my own actions: the
  // version counts every applied action, so the rest are the bot's.
  let mine = 0;
  let botActed = false;
  for (let i = 0; i < 40 && !botActed; i++) {
    if (await page.locator(".prompt .question.mine").count()) {
      const b = page.locator('.prompt button[data-action="noMulatschak"], .prompt button[data-action="pass"]').first();
      if (await b.count()) {
        const before = await version(page);
        await b.click();
        mine++;
        await expect.poll(() => version(page)).not.toBe(before);
      }
    }
    botActed = Number(await version(page)) > mine;
    if (!botActed) await page.waitForTimeout(250);
  }
  expect(botActed).toBe(true);
  expect(await page.locator('.player[data-seat="1"]').innerText()).toContain("Muli");
  expect(problems).toEqual([]);
});
