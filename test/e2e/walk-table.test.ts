// The table as the third new user's walk found it (shared/findings/new-user-walk.md), in Chromium
// at 360 px and at desktop size, in both languages: the host's page (N1), a seat link pasted into
// a tab that shows its table (N2), the phone header (N4), five seats on a phone (N5, L2), focus
// in a keyboard-only game (N6), the cut and the pass in words (N7, N9), the prompt area on a phone
// (N13, N15), bots named on their own (L8), no empty box where the hand was at the end, and the
// clock line's sign drawn, not a missing glyph. Screenshots: test-results/walk-*.png.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { expectFits, useServerAndBrowser, version, waitOutForcedMove } from "./setup";
import { atBothSizes, focusIn, LANGS, linkPath, missingGlyphs, nextFrames, SIZES, seatApi, type CreatedTable, type SeatView } from "./setup-walk";

const env = useServerAndBrowser();
const PACED = { timeout: 15_000 };

/** Screenshots at both sizes (and nothing sticking out sideways at either); back to 360 px. */
const shots = (page: Page, name: string) => atBothSizes(page, `walk-${name}`, { fits: true });

/** One move for `seat` as the API takes it: the plain answer to any question. */
async function act(t: CreatedTable, seat: number, v: SeatView): Promise<number> {
  const has = (type: string) => v.legal.find((a) => a.type === type);
  const action =
    has("cut") ? { type: "cut", value: 12345 }
    : has("noMulatschak") ? { type: "noMulatschak" }
    : has("pass") ? { type: "pass" }
    : has("exchange") ? { type: "exchange", cards: [] }
    : has("discard") ? { type: "discard", cards: v.hand.slice(0, has("discard")!.count) }
    : v.legal[0];
  return seatApi(env.server.url, t).act(seat, v.version, action);
}
const view = (t: CreatedTable, seat: number) => seatApi(env.server.url, t).view(seat);

it("shows on the host's page how long ago each seat last moved, in minutes, not 20,790 days (N1)", async () => {
  const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 3 }, seats: [{ name: "Anna" }, { name: "Bert" }, { name: "Cilli" }], autoPlay: false });
  // Two moves through the API: the cut and the first answer after it.
  for (let i = 0; i < 2; i++) {
    const v = await view(t, 0);
    expect(await act(t, v.toAct[0], await view(t, v.toAct[0]))).toBe(200);
  }
  for (const [locale, lang] of LANGS) {
    const page = await env.page({ locale });
    await page.goto(linkPath(t.host.link));
    const seats = page.locator("main");
    await expect.poll(() => seats.innerText(), PACED).toMatch(lang === "en" ? /last move/ : /letzter Zug/);
    const text = await seats.innerText();
    expect(text).toMatch(lang === "en" ? /last move (1|2) minutes? ago/ : /letzter Zug vor (1|2) Minuten?/);
    expect(text).not.toMatch(/days|Tagen|Tage\b/);
    await shots(page, `host-${lang}`);
  }
  expect(env.problems).toEqual([]);
});

it("opens the seat when its link is pasted into a tab that shows the table without one (N2)", async () => {
  const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 2 }, seats: [{ name: "Anna" }, { name: "Muli", bot: "easy" }] });
  for (const [locale, lang] of LANGS) {
    const page = await env.page({ locale });
    await page.goto(`/t/${t.id}`);
    await expect.poll(() => page.locator("main .error").innerText()).toMatch(/seat|Platz/i);
    // Only the #… changes: the browser does not load the page again (a same-document navigation).
    await page.evaluate((link) => location.assign(link), t.seats[0].link!);
    await page.locator(".table[data-version]").waitFor({ timeout: 15_000 });
    expect(await page.locator("main .error").count()).toBe(0);
    // The token is kept and taken out of the address bar, as when the link is opened afresh.
    expect(new URL(page.url()).hash).toBe("");
    await shots(page, `pasted-seat-${lang}`);
  }
  expect(env.problems).toEqual([]);
});

it("keeps the Help icon whole in the German phone header with the turn counter showing (N4)", async () => {
  const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 2 }, seats: [{ name: "Bert" }, { name: "Muli", bot: "easy" }] });
  for (const [locale, lang] of LANGS) {
    const page = await env.page({ locale });
    await page.goto(t.seats[0].link!);
    await page.locator("[data-testid=turn-count]").waitFor({ timeout: 60_000 });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await nextFrames(page);
      const help = (await page.locator('header.top a[href="/help"]').boundingBox())!;
      expect(help.x + help.width, `help icon at ${size.name} (${lang})`).toBeLessThanOrEqual(size.width);
      // Nothing of the header scrolls out of sight either.
      expect(await page.locator("header.top nav").evaluate((n) => n.scrollWidth - n.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/walk-header-${lang}-${size.name}.png`, clip: { x: 0, y: 0, width: size.width, height: 60 } });
    }
    await page.setViewportSize({ width: 360, height: 740 });
  }
  expect(env.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  env.problems.length = 0;
});

it("names unnamed bots on their own when a table is made (L8)", async () => {
  for (const [locale, lang] of LANGS) {
    const page = await env.page({ locale });
    await page.goto("/new");
    await page.locator('select[name="players"]').selectOption("5");
    await page.locator('input[name="seat0"]').fill("Fritz");
    for (let i = 1; i < 5; i++) await page.locator(`select[name="bot${i}"]`).selectOption(i % 2 ? "easy" : "normal");
    await page.locator("button.primary[type=submit]").click();
    await page.locator('[data-testid="links"]').waitFor();
    const text = await page.locator('[data-testid="links"]').innerText();
    expect(text).toContain("Fritz");
    await shots(page, `bots-named-${lang}`);
  }
  expect(env.problems).toEqual([]);
});

it("fits five long-named seats on a phone: names under the trick and the score sheet (N5, L2, N12)", async () => {
  // One point to start and nobody stays home: the first hand ends the game.
  const names = ["Maximiliane Huber", "Bot Roswitha", "Roswitha Bot", "Bot Roswitha Maria", "Fritz"];
  const t = await env.api<CreatedTable>("/api/tables", {
    rules: { preset: "standard", players: 5, startPoints: 1, mustPlayAt: -1, noExchangeAt: -1 },
    seats: names.map((name, i) => (i >= 1 && i <= 3 ? { name, bot: "easy" } : { name })),
    autoPlay: false,
  });
  const phone = await env.page({ locale: "en-US" });
  const desk = await env.page({ locale: "de-DE", width: 1280 });
  await phone.goto(t.seats[0].link!);
  await desk.goto(t.seats[4].link!);
  // Watched on every change of the page: whether the end screen was ever shown while moves were
  // still paced below it, and every name under a card on the table (whole: wrapped, not cut off).
  for (const p of [phone, desk])
    await p.evaluate(() => {
      const w = window as unknown as { endOverPaced: boolean; names: number; clipped: string[] };
      w.endOverPaced = false;
      w.names = 0;
      w.clipped = [];
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=end-screen]") && document.querySelector("[data-testid=pace-skip]")) w.endOverPaced = true;
        for (const s of document.querySelectorAll<HTMLElement>(".tricks-area .played span")) {
          w.names++;
          if (s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1) w.clipped.push(`${s.textContent} (${innerWidth} px)`);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  // Until the game is over, however slow the bots are on a busy machine (a count of steps ran out
  // beside the other browser files twice); the test's own timeout bounds it.
  for (;;) {
    const v = await view(t, 0);
    if (v.phase === "over") break;
    const seat = v.toAct.find((s) => s === 0 || s === 4);
    if (seat === undefined) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const mine = await view(t, seat);
    if (mine.legal.length) expect([200, 409]).toContain(await act(t, seat, mine));
  }
  for (const [page, lang] of [[phone, "en"], [desk, "de"]] as const) {
    await page.locator("[data-testid=end-screen]").waitFor({ timeout: 45_000 }); // the last tricks are paced first
    const seen = await page.evaluate(() => {
      const w = window as unknown as { names: number; clipped: string[] };
      return { names: w.names, clipped: w.clipped };
    });
    expect(seen.names).toBeGreaterThan(0);
    expect([...new Set(seen.clipped)]).toEqual([]);
    await expect.poll(() => page.locator("[data-testid=pace-skip]").count(), PACED).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { endOverPaced: boolean }).endOverPaced)).toBe(false);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await nextFrames(page);
      // Every column of the sheet in sight, the winner's too: nothing to scroll to.
      const sheet = page.locator(".score-sheet .scroll");
      expect(await sheet.evaluate((s) => s.scrollWidth - s.clientWidth), `sheet at ${size.name}`).toBeLessThanOrEqual(1);
      await expectFits(page);
      // Where the hand was, no empty box (outlined when it held focus): no hand without cards, and
      // focus, if at the table, on something with words in it (the end screen's "play again").
      expect(await page.locator(".hand").count(), `a hand at the end (${lang}, ${size.name})`).toBe(0);
      const focused = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return !a || a === document.body || !a.closest(".table") ? "elsewhere" : a.innerText.trim() ? "words" : `empty ${a.className}`;
      });
      expect(focused, `focus at the end (${lang}, ${size.name})`).toMatch(/^(elsewhere|words)$/);
      await page.screenshot({ path: `test-results/walk-five-over-${lang}-${size.name}.png`, fullPage: true });
    }
  }
  expect(env.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  env.problems.length = 0;
});

it("says who cut in words, with no ten-digit number, and 'Passen' on the German pass button (N7, N9)", async () => {
  for (const [locale, lang] of LANGS) {
    const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 3 }, seats: [{ name: "Dani" }, { name: "Mia", bot: "easy" }, { name: "Leo", bot: "easy" }] });
    const page = await env.page({ locale });
    await page.goto(t.seats[0].link!);
    const news = page.locator("[data-testid=news]");
    await expect.poll(() => news.innerText(), { timeout: 60_000 }).toMatch(lang === "en" ? /cut the deck\./ : /abgehoben\./);
    expect(await news.innerText()).not.toMatch(/\d{4,}/);
    await page.locator(".prompt .question.mine").waitFor({ timeout: 60_000 });
    const pass = page.locator('button[data-action="pass"]');
    if (lang === "de" && (await pass.count())) expect(await pass.innerText()).toBe("Passen");
    await shots(page, `cut-${lang}`);
  }
  expect(env.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  env.problems.length = 0;
});

it("draws the clock line's sign with what the system fonts have, no missing-glyph box", async () => {
  for (const [locale, lang] of LANGS) {
    const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 3 }, seats: [{ name: "Vroni" }, { name: "Mia", bot: "easy" }, { name: "Leo", bot: "easy" }] });
    const page = await env.page({ locale });
    await page.goto(t.seats[0].link!);
    const clock = page.locator("[data-testid=clock-rule]");
    await clock.waitFor({ timeout: 60_000 });
    expect(await clock.innerText()).toMatch(lang === "en" ? /decision/ : /Entscheidung/);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await nextFrames(page);
      expect(await missingGlyphs(page, "[data-testid=clock-rule]"), `${lang} at ${size.name}`).toEqual([]);
      // Its sign is drawn: an icon of the line's height beside the words.
      const icon = await clock.locator("svg").boundingBox();
      expect(icon?.width, `${lang} at ${size.name}`).toBeGreaterThan(8);
      await clock.screenshot({ path: `test-results/walk-clock-${lang}-${size.name}.png` });
    }
  }
  expect(env.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  env.problems.length = 0;
});

it("puts the question right under the news and keeps the hand above the hint on a phone (N13, N15)", async () => {
  for (const [locale, lang] of LANGS) {
    const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 2 }, seats: [{ name: "Mia" }, { name: "Bot", bot: "easy" }] });
    const page = await env.page({ locale });
    await page.goto(t.seats[0].link!);
    await page.locator(".prompt .question.mine").waitFor({ timeout: 60_000 });
    await page.locator("[data-testid=hint-button]").waitFor();
    await page.locator("[data-testid=news] li").first().waitFor(PACED);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await nextFrames(page);
      // No empty band of felt: the question follows the news after the table's own gap (8 px).
      const gap = await page.evaluate(() => document.querySelector(".prompt")!.getBoundingClientRect().top - document.querySelector("[data-testid=news]")!.getBoundingClientRect().bottom);
      expect(gap, `news → question at ${size.name} (${lang})`).toBeLessThanOrEqual(10);
      // The hint sits under the hand: it never pushes the hand further down.
      const hand = (await page.locator(".hand").boundingBox())!;
      const hint = (await page.locator("[data-testid=hint-button]").boundingBox())!;
      expect(hint.y).toBeGreaterThanOrEqual(hand.y + hand.height);
      await page.screenshot({ path: `test-results/walk-prompt-${lang}-${size.name}.png` });
    }
    await page.setViewportSize({ width: 360, height: 740 });
    // On the phone the whole hand is in sight without scrolling.
    const hand = (await page.locator(".hand").boundingBox())!;
    expect(hand.y + hand.height).toBeLessThanOrEqual(740);
  }
  expect(env.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  env.problems.length = 0;
});

it("keeps keyboard focus at the table after every action of a game against two bots (N6)", async () => {
  const t = await env.api<CreatedTable>("/api/tables", { rules: { preset: "standard", players: 3 }, seats: [{ name: "Kay" }, { name: "Resi", bot: "easy" }, { name: "Ferdl", bot: "easy" }] });
  const page = await env.page({ locale: "en-US", width: 1280 });
  await page.goto(t.seats[0].link!);
  const mine = page.locator(".prompt .question.mine");
  // Sampled in the page every 50 ms from the first action on: the longest time focus sat on <body>.
  await page.evaluate(() => {
    const w = window as unknown as { bodyStreak: number; bodyMax: number; watching: boolean };
    w.bodyStreak = 0;
    w.bodyMax = 0;
    setInterval(() => {
      if (!w.watching) return;
      w.bodyStreak = document.activeElement === document.body || !document.activeElement ? w.bodyStreak + 50 : 0;
      w.bodyMax = Math.max(w.bodyMax, w.bodyStreak);
    }, 50);
  });
  const lost: string[] = [];
  let actions = 0;
  for (let i = 0; i < 80 && actions < 16; i++) {
    await expect.poll(async () => (await mine.count()) > 0 || (await page.locator("[data-testid=winners]").count()) > 0, { timeout: 60_000 }).toBe(true);
    if (await page.locator("[data-testid=winners]").count()) break;
    if (await waitOutForcedMove(page)) continue;
    const before = await version(page);
    if (actions === 0) {
      await page.locator(".prompt .actions button").first().focus();
      await page.evaluate(() => ((window as unknown as { watching: boolean }).watching = true));
    }
    else {
      // Where focus is when the next question is there: on the hand or the question, never <body>.
      let where = await focusIn(page);
      for (let k = 0; k < 15 && !/^(hand|prompt)$/.test(where); k++) {
        await page.waitForTimeout(100); // focus is placed a frame after the view
        where = await focusIn(page);
      }
      if (!/^(hand|prompt)$/.test(where)) lost.push(`${where} after action ${actions}`);
      if (where !== "hand" && where !== "prompt") await page.locator(".prompt .actions button").first().focus();
    }
    const kind = (await page.locator(".hand[data-mode=play]").count()) ? "play" : (await page.locator(".hand[data-mode=select]").count()) ? "select" : "answer";
    if (kind === "select") {
      const exchange = page.locator('.prompt button[data-action="exchange"]');
      if (await exchange.count()) await exchange.focus();
      else await page.locator('.prompt button[data-action="leaveShown"]').focus();
    } else if (kind === "play") {
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("playable") ?? false)).toBe(true);
    }
    await page.keyboard.press("Enter");
    actions++;
    await expect.poll(() => version(page), PACED).not.toBe(before);
  }
  expect(actions).toBeGreaterThanOrEqual(8);
  expect(lost).toEqual([]);
  // Never left on <body> for longer than a moment (a frame or two while the next view is drawn).
  expect(await page.evaluate(() => (window as unknown as { bodyMax: number }).bodyMax)).toBeLessThan(500);
  expect(env.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  env.problems.length = 0;
});
