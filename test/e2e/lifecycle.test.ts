// A game to its end and again: two people play a one-hand game through the UI, see the end screen
// (winners, score sheet, check and record, back to My games), both ask to play again (one makes
// the new table, the other joins it with a link of its own) and play the first hand of the new
// game from their new links. Screenshots of the end screen at 360 px and at desktop width.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { forcedMove, useServerAndBrowser, version } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems = env.problems;

const newPage = (locale: string, width: number): Promise<Page> => env.page({ locale, width });


/**
 * One sensible action if it is this page's turn; true when it acted. The server plays a forced
 * move itself (every page has a player, whose auto-play is on), at a moment of its own: what the
 * page offered may be gone by the time it is clicked, and then this step is tried again.
 */
async function step(page: Page, state: { bid: boolean }): Promise<boolean> {
  try {
    return await tryStep(page, state);
  } catch (e) {
    if ((await page.locator(".prompt .question.mine").count()) === 0 || /Timeout/.test(String(e))) return false;
    throw e;
  }
}

async function tryStep(page: Page, state: { bid: boolean }): Promise<boolean> {
  if ((await page.locator(".prompt .question.mine").count()) === 0) return false;
  const before = await version(page);
  const button = (type: string) => page.locator(`.prompt button[data-action="${type}"]:not([disabled])`);
  if (await forcedMove(page)) return false; // the server's to play
  if ((await page.locator(".hand[data-mode=play] .card-button.playable").count()) > 0) await page.locator(".hand .card-button.playable").first().click({ timeout: 5000 });
  else if (await button("noMulatschak").count()) await button("noMulatschak").click();
  else if ((await button("bid").count()) && !state.bid) {
    state.bid = true;
    await button("bid").first().click();
  } else if (await button("pass").count()) await button("pass").click();
  else if (await button("trump").count()) await button("trump").first().click();
  else if (await button("join").count()) await button("join").click();
  else if (await button("leaveShown").count()) await button("leaveShown").click();
  else if (await button("exchange").count()) await button("exchange").click();
  else if (await button("hold").count()) await button("hold").click();
  else if ((await page.locator(".prompt .question.mine").count()) === 0) return false; // auto-played meanwhile
  else throw new Error(`no known action on a page that is asked: ${await page.locator(".prompt").innerText()}`);
  await expect.poll(async () => (await version(page)) !== before || (await page.locator(".notice").count()) > 0, { timeout: 15_000 }).toBe(true);
  return true;
}

/** Both pages play until every one of them shows the end screen. */
async function playToEnd(pages: Page[]): Promise<void> {
  const state = { bid: false };
  const deadline = Date.now() + 180_000;
  while ((await Promise.all(pages.map((p) => p.locator('[data-testid="end-screen"]').count()))).some((n) => n === 0)) {
    if (Date.now() > deadline) throw new Error("the game did not end in time");
    let acted = false;
    for (const p of pages) acted = (await step(p, state)) || acted;
    if (!acted) await new Promise((r) => setTimeout(r, 150));
  }
}

it("plays a game to its end, plays again, and plays the new game's first hand from every seat's new link", async () => {
  const anna = await newPage("de-DE", 360);
  await anna.goto("/new");
  // The clock is there by default: 48 hours, then a bot plays that decision.
  expect(await anna.locator('select[name="clockHours"]').inputValue()).toBe("48");
  expect(await anna.locator('select[name="onTimeout"]').inputValue()).toBe("botOnce");
  await anna.screenshot({ path: `${ARTIFACTS}/lifecycle-create-clock.png`, fullPage: true });
  await anna.locator('select[name="players"]').selectOption("2");
  await anna.locator('input[name="seat0"]').fill("Anna");
  await anna.locator('input[name="seat1"]').fill("Ben");
  await anna.locator("details.house-rules summary").click();
  // One point each and exchanging at any score: one hand ends the game.
  for (const [sel, value] of [['input[name="startPoints"]', "1"], ["#rule-noExchangeAt", "-1"], ["#rule-mustPlayAt", "-1"]]) {
    await anna.locator(sel).fill(value);
    await anna.locator(sel).press("Tab");
  }
  await anna.locator("button.primary[type=submit]").click();
  await anna.locator('[data-testid="links"]').waitFor();
  const links = await anna.locator(".seat-link").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await anna.goto(links[0]);
  const ben = await newPage("en-GB", 1280);
  await ben.goto(links[1]);
  const pages = [anna, ben];
  for (const p of pages) await p.locator(".hand .card-button").first().waitFor();
  // The table says what its clock is.
  expect(await anna.locator('[data-testid="clock-rule"]').innerText()).toContain("48 Stunden pro Entscheidung");
  expect(await ben.locator('[data-testid="clock-rule"]').innerText()).toContain("48 hours per decision; then a bot plays that decision");
  const oldId = new URL(links[0]).pathname.split("/")[2];

  // Anna proposes to end the game as it stands; Ben is asked, and declines.
  await anna.locator('[data-testid="table-menu"] summary').click();
  await anna.locator('[data-testid="propose-score"]').click();
  await ben.locator('[data-testid="proposal"]').waitFor();
  expect(await ben.locator('[data-testid="proposal"]').innerText()).toContain("Anna proposes to end the game, scored as it stands.");
  await anna.locator('[data-testid="proposal"]').waitFor();
  await anna.screenshot({ path: `${ARTIFACTS}/lifecycle-proposal-360.png`, fullPage: true });
  await ben.screenshot({ path: `${ARTIFACTS}/lifecycle-proposal-1280.png`, fullPage: true });
  await ben.locator('[data-testid="proposal"] button:not(.primary)').click();
  await expect.poll(() => anna.locator('[data-testid="proposal"]').count()).toBe(0);

  await playToEnd(pages);
  for (const p of pages) {
    const text = await p.locator('[data-testid="winners"]').innerText();
    expect(text).toMatch(/Anna|Ben/);
    expect(await p.locator('[data-testid="score-row"]').count()).toBeGreaterThanOrEqual(1);
    expect(await p.locator(".end-screen .check-link").count()).toBe(1);
  }
  await anna.screenshot({ path: `${ARTIFACTS}/lifecycle-end-360.png`, fullPage: true });
  await ben.screenshot({ path: `${ARTIFACTS}/lifecycle-end-1280.png`, fullPage: true });
  expect(await anna.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Ben asks first: he makes the new table and lands on his seat there.
  await ben.locator('[data-testid="play-again"]').click();
  await ben.waitForURL((u) => u.pathname.startsWith("/t/") && !u.pathname.includes(oldId));
  const newId = new URL(ben.url()).pathname.split("/")[2];
  // Anna's old table now points to it; she joins with her own new link.
  await expect.poll(() => anna.locator('[data-testid="play-again"]').innerText()).toBe("Zur neuen Partie");
  await anna.screenshot({ path: `${ARTIFACTS}/lifecycle-rematch-ready-360.png`, fullPage: true });
  await anna.locator('[data-testid="play-again"]').click();
  await anna.waitForURL((u) => u.pathname === `/t/${newId}`);
  for (const p of pages) {
    await p.locator(".hand .card-button").first().waitFor();
    expect(await p.locator('[data-testid="end-screen"]').count()).toBe(0);
    expect(await version(p)).toBe("0");
  }
  // Each seat is its own: Anna is Anna, Ben is Ben at the new table.
  expect(await anna.locator(".me .player .who").innerText()).toContain("Anna");
  expect(await ben.locator(".me .player .who").innerText()).toContain("Ben");

  // The first hand of the new game (one point each: it ends the game again).
  await playToEnd(pages);
  for (const p of pages) expect(await p.locator('[data-testid="score-row"]').count()).toBe(1);

  // "My games" lists both tables for each seat.
  await anna.goto("/");
  await expect.poll(() => anna.locator('[data-testid="game"]').count(), { timeout: 30_000 }).toBe(2);
  // A click that met the server's own play of a forced move is refused (409) and the page shows
  // the table as it is: that is the only error allowed.
  expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
}, 400_000);
