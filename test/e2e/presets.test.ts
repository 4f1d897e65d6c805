// Random play through the UI for every preset: whatever the server's `legal` offers, the table
// shows a way to do it (buttons, playable cards, selections), and nothing it offers is refused.
import { type Page } from "playwright-core";
import { expect, it } from "vitest";
import { useServerAndBrowser, version } from "./setup";

const env = useServerAndBrowser();
const problems: string[] = [];

/** A small seeded generator, so that a failing run can be repeated. */
function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const enabled = (p: Page, type: string) => p.locator(`.prompt button[data-action="${type}"]:not([disabled])`);

/** One random action the page offers; returns a description of it. */
async function randomStep(page: Page, pick: (n: number) => number): Promise<string> {
  const cards = page.locator(".hand .card-button");
  if ((await page.locator(".hand[data-mode=play]").count()) > 0) {
    const playable = page.locator(".hand .card-button.playable");
    const n = await playable.count();
    expect(n).toBeGreaterThan(0);
    const card = playable.nth(pick(n));
    const name = await card.getAttribute("data-card");
    await card.click();
    return `play ${name}`;
  }
  if ((await page.locator('.prompt button[data-action="discard"]').count()) > 0) {
    // Select cards until the discard button allows it (it wants an exact number).
    const n = await cards.count();
    for (let i = 0; i < n && !(await enabled(page, "discard").count()); i++) await cards.nth(i).click();
    await enabled(page, "discard").click();
    return "discard";
  }
  if ((await page.locator('.prompt button[data-action="takeShown"]').count()) > 0) {
    if (pick(2) === 0) {
      await enabled(page, "leaveShown").click();
      return "leaveShown";
    }
    if (!(await enabled(page, "takeShown").count())) await cards.nth(pick(await cards.count())).click();
    await enabled(page, "takeShown").click();
    return "takeShown";
  }
  if ((await page.locator('.prompt button[data-action="exchange"]').count()) > 0 && pick(3) > 0) {
    // Exchange k cards, fewer if the button says that is too many; one and five most often, as
    // they lead to the face-up offers (the app's, a gschaude, a Bruckn).
    const n = await cards.count();
    const k = Math.min(n, [1, 5, 1, 5, 2, 0][pick(6)]);
    for (let i = 0; i < k; i++) await cards.nth(i).click();
    for (let i = k - 1; i >= 0 && !(await enabled(page, "exchange").count()); i--) await cards.nth(i).click();
    await enabled(page, "exchange").click();
    return `exchange ${k}`;
  }
  const buttons = page.locator(".prompt .actions button:not([disabled])");
  const all = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute("data-action")!));
  expect(all.length).toBeGreaterThan(0);
  // A Mulatschak now and then, not half of the time.
  const choices = all.filter((a) => a !== "mulatschak" || pick(8) === 0);
  const i = all.indexOf(choices[pick(choices.length)] ?? all[0]);
  await buttons.nth(i).click();
  return all[i];
}

/** In the page: skips the paced display to the newest view; whether this seat is asked now. */
function askedNow(): boolean {
  (document.querySelector('[data-testid="pace-skip"]') as HTMLButtonElement | null)?.click();
  return !document.querySelector('.table[data-phase="cut"]') && !!document.querySelector(".prompt .question.mine") && !document.querySelector(".pending");
}

async function playPreset(preset: string, players: number, seed: number, actions: number) {
  const res = await fetch(`${env.server.url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    // Every offered action is clicked, forced ones too: the server does not play those itself here
    // (the pages make a player, whose forced moves it would otherwise play at a time of its own).
    body: JSON.stringify({ rules: { preset, players }, seats: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })), autoPlay: false }),
  });
  expect(res.status).toBe(201);
  const { seats } = (await res.json()) as { seats: { link: string }[] };
  const pages: Page[] = [];
  for (const s of seats) {
    // Each seat on a device of its own: tabs of one window are hidden but the front one, and a
    // hidden page gets no animation frames, so every click on it waited seconds to see it stable.
    const ctx = await env.browser.newContext({ locale: "en-US", viewport: { width: 360, height: 740 } });
    ctx.setDefaultTimeout(60_000);
    const p = await ctx.newPage();
    p.on("pageerror", (e) => problems.push(`${preset} pageerror: ${e.message}`));
    p.on("console", (m) => m.type() === "error" && problems.push(`${preset} console: ${m.text()}`));
    await p.goto(s.link);
    pages.push(p);
  }
  const pick = rng(seed);
  const log: string[] = [];
  let done = 0;
  while (done < actions) {
    // The seat to act, as every page agrees once the views have arrived.
    let actor: Page | undefined;
    for (let tries = 0; !actor && tries < 200; tries++) {
      // The cut is the cutter's client's own (unasked, at once): not a click of this test.
      // A page whose last move is still being answered (its new view may come by socket first)
      // is not asked yet: its buttons wait for the answer.
      // Other seats' moves are shown one at a time (the display's pacing, which test/web and the
      // history test cover): each page skips to the newest, as a person may with its button.
      for (const p of pages) if (await p.evaluate(askedNow)) actor = p;
      if (!actor) {
        if (await pages[0].locator('[data-testid="winners"]').count()) return log;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    if (!actor) throw new Error(`${preset}: nobody is asked after ${log.slice(-5).join(", ")}`);
    const before = await version(actor);
    const what = await randomStep(actor, pick);
    log.push(what);
    await expect.poll(async () => (await version(actor)) !== before || (await actor.locator(".notice").count()) > 0, { timeout: 30_000 }).toBe(true);
    // Nothing the table offered may be refused.
    const notice = actor.locator(".notice");
    if (await notice.count()) throw new Error(`${preset}: "${what}" was refused: ${await notice.innerText()} (after ${log.join(", ")})`);
    done++;
  }
  return log;
}

for (const [preset, players, seed] of [
  ["bergxi", 3, 1],
  ["standard", 5, 2],
  ["murln", 4, 3],
  ["geiser", 2, 4],
] as const) {
  it(`plays ${preset} with ${players} players by random clicks`, async () => {
    const log = await playPreset(preset, players, seed, 30);
    console.log(`[muli] ${preset}: ${log.join(", ")}`);
    expect(log.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 300_000);
}
