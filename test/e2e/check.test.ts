// "Check this game" in Chromium: a record file made by the engine is re-dealt from its seed in the
// browser and holds; the same record with one card moved does not, and the page says which deal.
// At 360 px (touch) and desktop size, in English and German.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildRecord, createGame, legalActions, applyInPlace, resolveRules, type Action, type GameRecord, type Rules } from "../../worker/engine";
import { useServerAndBrowser } from "./setup";

const env = useServerAndBrowser();

function finishedRecord(): GameRecord {
  const rules = (resolveRules({ preset: "standard", players: 3, startPoints: 3 }) as { ok: true; rules: Rules }).rules;
  const seed = "check-page";
  const state = createGame(rules, { seed });
  const actions: { seat: number; action: Action }[] = [];
  for (let i = 0; state.phase !== "over" && i < 3000; i++) {
    const seat = state.toAct[0];
    const options = legalActions(state, seat);
    const action = options[(i * 7) % options.length];
    if (applyInPlace(state, seat, action)) throw new Error("refused");
    actions.push({ seat, action });
  }
  const built = buildRecord({ rules, seed, players: ["Anna", "Bert", "Cleo"], actions });
  if (!built.ok) throw new Error("record refused");
  return { ...built.record, commitment: createHash("sha256").update(seed, "utf8").digest("hex") };
}

describe("the check page", () => {
  it.each([
    { size: { width: 360, height: 740 }, lang: "de-AT", touch: true, tag: "phone-de" },
    { size: { width: 1280, height: 800 }, lang: "en-GB", touch: false, tag: "desktop-en" },
  ])("confirms a true record and refuses a tampered one ($tag)", async ({ size, lang, touch, tag }) => {
    const record = finishedRecord();
    const good = join("test-results", `check-good-${tag}.json`);
    const bad = join("test-results", `check-bad-${tag}.json`);
    writeFileSync(good, JSON.stringify(record));
    const tampered = JSON.parse(JSON.stringify(record)) as GameRecord;
    const [a, b] = [tampered.deals[0].hands[0], tampered.deals[0].hands[1]];
    [a[0], b[0]] = [b[0], a[0]];
    writeFileSync(bad, JSON.stringify(tampered));

    const ctx = await env.browser.newContext({ baseURL: env.server.url, viewport: size, locale: lang, hasTouch: touch, isMobile: touch });
    const page = await ctx.newPage();
    await page.goto("/check");
    await page.locator('input[type="file"]').setInputFiles(good);
    const verdict = page.locator(".check-result strong");
    await expect.poll(() => verdict.textContent()).toMatch(lang.startsWith("de") ? /Das Spiel stimmt: \d+ Geben/ : /The game holds: \d+ deals? re-dealt/);
    expect(await page.locator(".check-facts code").first().textContent()).toBe("check-page");
    const codes = await page.locator(".check-facts code").allTextContents();
    expect(codes[1]).toBe(record.commitment);
    expect(codes[2]).toBe(record.commitment);
    await page.screenshot({ path: `test-results/check-${tag}.png`, fullPage: true });

    await page.locator('input[type="file"]').setInputFiles(bad);
    await expect.poll(() => verdict.textContent()).toMatch(lang.startsWith("de") ? /stimmt nicht/ : /does not hold/);
    expect(await page.locator(".check-problems li").first().textContent()).toContain("deal 1");
    await page.screenshot({ path: `test-results/check-bad-${tag}.png`, fullPage: true });
    await ctx.close();
  });
});
