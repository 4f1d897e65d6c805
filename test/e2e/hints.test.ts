// Hints in the browser: at a table that allows them, the "Tipp" button shows the server's reason
// in the player's language and marks the suggested card or button, while the player acts
// themselves; at a table created with the box unticked there is no button at all.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { HintWhy } from "../../worker/bots/hint-words";
import { cardLabel } from "../../web/src/cards/names";
import { hintWords } from "../../web/src/i18n/hints";
import { hintedCards, isHinted } from "../../web/src/logic/hint";
import { fillTwoSeatBotForm, useServerAndBrowser, version, waitOutForcedMove } from "./setup";

const env = useServerAndBrowser();
const problems = env.problems;

interface HintBody {
  version: number;
  action: { type: string; card?: string; cards?: string[]; discard?: string; tricks?: number; suit?: string };
  code: string;
  why: HintWhy;
  reason: { de: string; en: string };
}

const newPage = (locale: string, cardStyle: "dd" | "fr" = "dd"): Promise<Page> => env.page({ locale, storage: { "muli.settings": { cardStyle } } });

const myTurn = (p: Page) => p.locator(".prompt .question.mine");

it("keeps the table's hint switch apart from the cards it marks (pure helpers)", () => {
  expect(hintedCards({ type: "play", card: "H9" })).toEqual(["H9"]);
  expect(hintedCards({ type: "exchange", cards: ["E7", "L8"] })).toEqual(["E7", "L8"]);
  expect(hintedCards({ type: "takeShown", discard: "S6" })).toEqual(["S6"]);
  expect(hintedCards({ type: "pass" })).toEqual([]);
  expect(isHinted({ type: "bid", tricks: 3 }, { type: "bid", tricks: 3 })).toBe(true);
  expect(isHinted({ type: "bid", tricks: 3 }, { type: "bid", tricks: 2 })).toBe(false);
  expect(isHinted({ type: "trump", suit: "H" }, { type: "trump", suit: "L" })).toBe(false);
  expect(isHinted({ type: "pass" }, { type: "hold" })).toBe(false);
  expect(isHinted(null, { type: "pass" })).toBe(false);
  // The exchange button rings only when it does what the hint says: not "Keep all" for four cards.
  expect(isHinted({ type: "exchange", cards: ["E7", "L8"] }, { type: "exchange", cards: [] })).toBe(false);
  expect(isHinted({ type: "exchange", cards: ["E7", "L8"] }, { type: "exchange", cards: ["L8", "E7"] })).toBe(true);
  expect(isHinted({ type: "exchange", cards: [] }, { type: "exchange", cards: [] })).toBe(true);
  expect(isHinted({ type: "takeShown", discard: "S6" }, { type: "takeShown", discard: "H9" })).toBe(false);
});

it("words a hint in the player's card style and language", () => {
  expect(hintWords({ code: "trump", suit: "E", n: 2 }, "de", "fr")).toBe("Kreuz als Trumpf: du hast 2 davon");
  expect(hintWords({ code: "trump", suit: "E", n: 2 }, "de", "dd")).toBe("Eichel als Trumpf: du hast 2 davon");
  expect(hintWords({ code: "leadShort", card: "S9" }, "en", "fr")).toBe("lead the 9 of Diamonds: low from a short suit");
  expect(hintWords({ code: "takeShown", card: "HO" }, "en", "fr")).toMatch(/^take the Queen of Hearts:/);
  expect(hintWords({ code: "leadShort", card: "S9" }, "en", "dd")).toBe("lead the Schellen 9: low from a short suit");
  expect(hintWords({ code: "bid", n: 2, est: 2.7 }, "de", "dd")).toBe("2 ansagen: das Blatt ist etwa 2,7 Stiche wert");
  expect(hintWords({ code: "exchange", n: 1 }, "de", "dd")).toMatch(/^1 Karte tauschen/);
  expect(hintWords({ code: "exchange", n: 4 }, "en", "fr")).toMatch(/^exchange 4 cards/);
});

it.each([
  ["de-DE", "de", "dd"],
  ["en-US", "en", "fr"],
] as const)("shows the reason (%s, %s cards: %s) and marks the suggested card; the player follows it by hand", async (locale, lang, style) => {
  // One person and three bots, made through the API: the bots play on at once. The deal is
  // random: a seat may stay home hand after hand, or the game may end before it plays twice, so
  // the person sits down at a new table until they have followed two play hints.
  const page = await newPage(locale, style);
  let playHints = 0;
  let otherHints = 0;
  for (let game = 0; game < 4 && playHints < 2; game++) {
    const res = await fetch(`${env.server.url}/api/tables`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        rules: { preset: "standard", players: 4 },
        seats: [{ name: "Anna" }, { name: "Bot 1", bot: "easy" }, { name: "Bot 2", bot: "easy" }, { name: "Bot 3", bot: "easy" }],
      }),
    });
    expect(res.status).toBe(201);
    const t = (await res.json()) as { id: string; seats: { token: string | null }[] };
    await page.goto(`/t/${t.id}#${t.seats[0].token}`);
    await page.locator(".hand .card-button").first().waitFor();

    for (let turn = 0; turn < 60 && playHints < 2; turn++) {
      await expect.poll(async () => (await myTurn(page).count()) > 0 || (await page.locator("[data-testid=winners]").count()) > 0, { timeout: 60_000 }).toBe(true);
      if (await page.locator("[data-testid=winners]").count()) break;
      // No hint before it is asked for; the button is there at every decision of this seat.
      expect(await page.locator("[data-testid=table-hint]").count()).toBe(0);
      // A forced move is the server's to play (the page made a player): the hint would come for
      // whatever the bots left after it. Wait for it instead.
      if (await waitOutForcedMove(page)) continue;
      const before = await version(page);
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/tables/${t.id}/hint`));
      await page.locator("[data-testid=hint-button]").click();
      const response = await answer;
      expect(response.status()).toBe(200);
      const hint = (await response.json()) as HintBody;
      expect(String(hint.version)).toBe(before);
      // Worded by the client from the data, in the player's language and card style; shown as a
      // sentence (first letter capitalised by CSS, so innerText has it).
      expect(hint.why.code).toBe(hint.code);
      const words = hintWords(hint.why, lang, style);
      await expect.poll(() => page.locator("[data-testid=table-hint]").innerText()).toBe(words[0].toUpperCase() + words.slice(1));
      // Asking changed nothing: same version, and nothing was played for the player.
      expect(await version(page)).toBe(before);

      const a = hint.action;
      const marked = page.locator(".hand .card-button.hinted");
      if (a.type === "play") {
        playHints++;
        // Exactly the suggested card is marked; the player plays it themselves.
        expect(await marked.count()).toBe(1);
        expect(await marked.getAttribute("data-card")).toBe(a.card);
        // The words name the marked card as the card and its button are named in this style.
        if ("card" in hint.why) {
          const name = cardLabel(a.card!, style, lang);
          expect(await page.locator("[data-testid=table-hint]").innerText()).toContain(name);
          expect(await marked.getAttribute("aria-label")).toContain(name);
        }
        if (playHints === 1) await page.screenshot({ path: `test-results/hint-${lang}-${style}.png`, fullPage: true });
        await marked.click();
      } else if (a.type === "exchange" || a.type === "discard") {
        otherHints++;
        const cards = a.cards ?? [];
        expect(new Set(await marked.evaluateAll((els) => els.map((e) => e.getAttribute("data-card"))))).toEqual(new Set(cards));
        // No button rings while pressing it would do something else ("Keep all" for four cards).
        if (cards.length > 0) expect(await page.locator(".prompt button.hinted").count()).toBe(0);
        for (const c of cards) await page.locator(`.hand .card-button[data-card="${c}"]`).click();
        // With the suggested cards selected, the button that sends them rings.
        await expect.poll(() => page.locator(`.prompt button[data-action="${a.type}"].hinted`).count()).toBe(1);
        await page.locator(`.prompt button[data-action="${a.type}"]`).click();
      } else if (a.type === "takeShown" && a.discard) {
        otherHints++;
        await page.locator(`.hand .card-button[data-card="${a.discard}"]`).click();
        await page.locator('.prompt button[data-action="takeShown"].hinted').click();
      } else {
        otherHints++;
        // The suggested button is marked, and only that one.
        const button = page.locator(".prompt button.hinted");
        expect(await button.count()).toBe(1);
        expect(await button.getAttribute("data-action")).toBe(a.type);
        await button.click();
      }
      await expect.poll(() => version(page), { timeout: 15_000 }).not.toBe(before);
      // A new view clears the old hint.
      await expect.poll(() => page.locator("[data-testid=table-hint]").count()).toBe(0);
    }
  }
  expect(otherHints).toBeGreaterThan(0);
  expect(playHints).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(problems).toEqual([]);
});

it("offers no hint at a table created with the box unticked", async () => {
  const page = await newPage("en-US");
  await fillTwoSeatBotForm(page);
  const box = page.locator('input[type=checkbox][name="hints"]');
  expect(await box.isChecked()).toBe(true);
  await box.uncheck();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/tables") && r.method() === "POST");
  await page.locator("button.primary[type=submit]").click();
  expect((await sent).postDataJSON()).toMatchObject({ hints: false });
  await page.locator('[data-testid="links"]').waitFor();
  await page.locator("button.primary").click();
  await page.locator(".hand .card-button").first().waitFor();
  // Wait for a decision of this seat: the question is there, the hint button is not.
  await myTurn(page).waitFor();
  expect(await page.locator(".prompt .actions button").count()).toBeGreaterThan(0);
  expect(await page.locator("[data-testid=hint-button]").count()).toBe(0);
  expect(problems).toEqual([]);
});
