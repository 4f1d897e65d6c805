// The hand so far on a 360-pixel phone, "since you were here" after others moved, and the replay
// of a finished game. The game is played through the API by random players; the browser is seat 0.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { nextInt, seedRng, type Action, type LegalSummary } from "../../worker/engine";
import type { TableView } from "../../web/src/api/tables";
import { expectFits, useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems: string[] = [];

interface Table {
  id: string;
  seats: { seat: number; token: string; link: string }[];
}

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  let res: Response;
  for (let tries = 0; ; tries++) {
    res = await fetch(env.server.url + path, {
      method: body ? "POST" : "GET",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // A seat token may make 120 requests in 10 s: this test plays faster than people do.
    if (res.status !== 429 || tries > 30) break;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("Retry-After") ?? 1)));
  }
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

const rng = seedRng("history-e2e");

/** Any legal action (never a Mulatschak, so hands are played out); card sets from the front of the hand; a cut names a number. */
function randomAction(legal: LegalSummary[], hand: string[]): Action {
  const options = legal.filter((a) => a.type !== "mulatschak");
  const a = options[nextInt(rng, options.length)];
  if (a.type === "cut") return { type: "cut", value: nextInt(rng, 1_000_000) };
  if (a.type === "exchange" && "max" in a) return { type: "exchange", cards: hand.slice(0, nextInt(rng, a.max + 1)) };
  if (a.type === "discard" && "count" in a) return { type: "discard", cards: hand.slice(0, a.count) };
  return a as Action;
}

/** One move by the seat to act (never seat 0 unless `withZero`); seat 0 joins and exchanges two. */
async function move(t: Table, withZero: boolean): Promise<TableView | null> {
  const any = await api<TableView>(`/api/tables/${t.id}`, t.seats[1].token);
  if (any.phase === "over") return null;
  const seat = any.toAct[0];
  if (seat === 0 && !withZero) return null;
  const v = await api<TableView>(`/api/tables/${t.id}`, t.seats[seat].token);
  let action: Action = randomAction(v.legal, v.hand);
  if (seat === 0) {
    const ex = v.legal.find((a) => a.type === "exchange");
    if (v.legal.some((a) => a.type === "join")) action = { type: "join" };
    else if (ex && "max" in ex && ex.max >= 2) action = { type: "exchange", cards: v.hand.slice(0, 2) };
  }
  return api<TableView>(`/api/tables/${t.id}/actions`, t.seats[seat].token, { version: v.version, action });
}

async function phonePage(): Promise<Page> {
  const ctx = await env.browser.newContext({ locale: "en-GB", viewport: { width: 360, height: 740 }, baseURL: env.server.url });
  ctx.setDefaultTimeout(60_000);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  return page;
}

it("shows the hand so far on a phone, and what happened since the last visit", async () => {
  const t = await api<Table>("/api/tables", undefined, {
    rules: { preset: "standard", players: 4, noExchangeAt: -1, mustPlayAt: -1 },
    seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }, { name: "Dora" }],
    autoPlay: false,
  });
  // The first deal waits for its cut (whoever is the cutter, through the API here).
  while ((await api<TableView>(`/api/tables/${t.id}`, t.seats[1].token)).phase === "cut") await move(t, true);
  // Anna looks once at the start, then is away while the others play.
  let page = await phonePage();
  await page.goto(t.seats[0].link);
  await page.locator(".hand .card-button").first().waitFor();
  await page.context().close();

  // Play until two tricks of a hand are down (Anna plays her part through the API too).
  let v: TableView | null = null;
  for (let i = 0; i < 400; i++) {
    v = await move(t, true);
    if (!v || (v.phase === "play" && v.tricks.length >= 2 && v.toAct[0] !== 0)) break;
  }
  expect(v?.phase).toBe("play");
  // Others move on while Anna is away: the recap must tell it.
  let othersMoved = 0;
  while ((await move(t, false)) !== null && othersMoved < 3) othersMoved++;

  page = await phonePage();
  await page.goto(t.seats[0].link);
  const recap = page.locator("[data-testid=recap]");
  await recap.waitFor();
  const lines = await recap.locator("li").allInnerTexts();
  expect(lines.length).toBeGreaterThanOrEqual(othersMoved);
  expect(othersMoved).toBeGreaterThan(0);
  expect(lines.join("\n")).toMatch(/Bernd|Clara|Dora/);
  expect(lines.join("\n")).toMatch(/plays|takes trick/);
  await page.screenshot({ path: `${ARTIFACTS}/history-recap-360.png`, fullPage: true });
  await expectFits(page);
  await page.locator("[data-testid=recap-dismiss]").click();
  await expect.poll(() => recap.count()).toBe(0);

  // The hand so far: every trick with who led and who took it, the bidding, laid-away cards, counts.
  const mine = await api<TableView>(`/api/tables/${t.id}`, t.seats[0].token);
  await page.locator("[data-testid=hand-so-far] summary").click();
  await page.locator("[data-testid=speech] li").first().waitFor();
  expect(await page.locator("[data-testid=trick-row]").count()).toBe(mine.tricks.length);
  const firstRow = await page.locator("[data-testid=trick-row]").first().innerText();
  expect(firstRow).toMatch(/\w+ led/);
  expect(firstRow).toMatch(/took it/);
  expect(await page.locator("[data-testid=laid-away] svg.card").count()).toBe(mine.discarded.length);
  expect(await page.locator("[data-testid=talon-size]").innerText()).toContain(String(mine.talonSize));
  const speech = await page.locator("[data-testid=speech] li").allInnerTexts();
  expect(speech.some((l) => /trump/.test(l))).toBe(true);
  for (const p of mine.players) expect(await page.locator("[data-testid=seat-facts]").innerText()).toContain(p.name);
  await page.locator("[data-testid=hand-so-far]").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/history-hand-so-far-360.png`, fullPage: true });
  await expectFits(page);
  expect(problems).toEqual([]);
});

it("replays a finished game, all cards open, forward and back, from the end screen and from My games", async () => {
  const t = await api<Table>("/api/tables", undefined, {
    rules: { preset: "standard", players: 3, startPoints: 4, endAbove: 16 },
    seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Clara" }],
    autoPlay: false,
  });
  let moves = 0;
  while ((await move(t, true)) !== null) moves++;
  const record = await api<{ actions: unknown[]; deals: { hands: string[][] }[]; result: { handsPlayed: unknown[] } }>(`/api/tables/${t.id}/record`, t.seats[0].token);
  expect(record.actions.length).toBe(moves);

  const page = await phonePage();
  await page.goto(t.seats[0].link);
  await page.locator("[data-testid=winners]").waitFor();
  // The score sheet says why for every entry: tap a hand's row.
  await page.locator("[data-testid=score-row]").first().click();
  const why = await page.locator("[data-testid=score-why]").innerText();
  expect(why).toMatch(/trick|contract|stayed home|Mulatschak|sat out/);
  const toggle = page.locator("[data-testid=score-row] .why-button").first();
  expect(await toggle.getAttribute("aria-expanded")).toBe("true");
  await page.screenshot({ path: `${ARTIFACTS}/history-end-360.png`, fullPage: true });
  // From the keyboard too: the row's button closes and opens the reasons.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator("[data-testid=score-why]").count()).toBe(0);
  expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  await page.keyboard.press("Enter");
  await page.locator("[data-testid=score-why]").waitFor();

  await page.locator("[data-testid=end-screen] .replay-link").click();
  const replay = page.locator("[data-testid=replay]");
  await replay.waitFor();
  // The first deal, every hand open: the cards of the record's first deal.
  const seatsShown = page.locator("[data-testid=replay-seat]");
  expect(await seatsShown.count()).toBe(3);
  // The replay opens on the first hand's cards; a deal thrown in before it (a redeal) is not one.
  const shown = await seatsShown.evaluateAll((els) => els.map((e) => [...e.querySelectorAll("svg.card")].map((c) => c.getAttribute("data-card"))));
  const same = (a: (string | null)[], b: string[]) => a.length === b.length && b.every((c) => a.includes(c));
  const deal = record.deals.find((d) => d.hands.every((h, s) => same(shown[s], h)));
  expect(deal, `shown ${JSON.stringify(shown)}, deals ${JSON.stringify(record.deals.map((d) => d.hands))}`).toBeDefined();
  // It opens after the first cut (a game dealt after its cut has no cards before it).
  const start = Number(await replay.getAttribute("data-frame"));
  await page.locator("[data-testid=replay-next]").click();
  await page.locator("[data-testid=replay-next]").click();
  expect(await replay.getAttribute("data-frame")).toBe(String(start + 2));
  expect(await page.locator("[data-testid=replay-said] li").count()).toBeGreaterThan(0);
  await page.locator("[data-testid=replay-prev]").click();
  expect(await replay.getAttribute("data-frame")).toBe(String(start + 1));
  await page.keyboard.press("ArrowRight");
  expect(await replay.getAttribute("data-frame")).toBe(String(start + 2));
  // Into the play of the first hand, then the next hand.
  for (let i = 0; i < 12; i++) await page.locator("[data-testid=replay-next]").click();
  await page.screenshot({ path: `${ARTIFACTS}/history-replay-360.png`, fullPage: true });
  await expectFits(page);
  const position = async () => /Hand (\d+) of (\d+) · Move (\d+) of (\d+)/.exec(await page.locator("[data-testid=replay-pos]").innerText())!.slice(1).map(Number);
  // Where the clicks got to (a short first hand, passed out, may already be behind them).
  const [hand] = await position();
  await page.locator("[data-testid=replay-next-hand]").click();
  const [next, hands, step, steps] = await position();
  // The next hand's deal, or the end when that was the last hand.
  if (hand < hands) expect(next).toBe(hand + 1);
  else expect(step).toBe(steps);
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.screenshot({ path: `${ARTIFACTS}/history-replay-desktop.png`, fullPage: true });

  // The analysis' marks at their move.
  // The table works it out in slices after the game (202 { pending: true } until then); the page asks again.
  let analysis: { pending?: true; marks: { index: number; seat: number }[] };
  for (let i = 0; (analysis = await api(`/api/tables/${t.id}/analysis`, t.seats[0].token)).pending; i++) {
    expect(i).toBeLessThan(600);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (analysis.marks.length > 0) {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator("[data-testid=replay-prev]").click(); // any frame, then to the marked move
    const target = analysis.marks[0].index + 1;
    let frame = Number(await replay.getAttribute("data-frame"));
    while (frame !== target) {
      await page.keyboard.press(frame < target ? "ArrowRight" : "ArrowLeft");
      frame = Number(await replay.getAttribute("data-frame"));
    }
    const mark = page.locator("[data-testid=analysis-mark]").first();
    await mark.waitFor();
    expect(await mark.innerText()).toMatch(/expected points/);
    await page.screenshot({ path: `${ARTIFACTS}/history-analysis-360.png`, fullPage: true });
  }

  // From My games too.
  await page.goto("/");
  await page.locator(".replay-link").first().click();
  await replay.waitFor();
  expect(problems).toEqual([]);
});
