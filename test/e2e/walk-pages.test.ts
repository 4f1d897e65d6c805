// The pages around the table as the third new user's walk found them (shared/findings/
// new-user-walk.md), in Chromium at 360 px and desktop size, in both languages: an invite link
// pasted into a tab that shows its league (N2), the league's creator who plays or not (N3), the
// divisions in German (N10), the check page (N11), the duplicate box (N14), and axe-core on every
// page a new user reaches (Settings with a player, "league created", home, new game, help, the
// league list). Screenshots: test-results/walk-*.png.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";
import { atBothSizes, LANGS, linkPath } from "./setup-walk";

const env = useServerAndBrowser();
// A page reads its league from the server after it loads: on two busy cores that took longer than
// expect.poll's default second ("Loading…" still showing).
const LOADED = { timeout: 15_000 };

/** axe at both sizes with a screenshot of each (nothing sticking out sideways); back to 360 px. */
const check = (page: Page, name: string): Promise<string[]> => atBothSizes(page, `walk-${name}`, { fits: true, axe: true });

interface CreatedLeague {
  id: string;
  adminKey: string;
  adminLink: string;
  inviteLink: string;
  invite: string;
}
const league = (body: object = {}) =>
  env.api<CreatedLeague>("/api/leagues", { name: "Stammtisch Hirschen", description: "", rules: { preset: "standard" }, tableSize: 3, decisionHours: 48, ...body });

it("lets the league's creator play, by choice when creating and by 'Play myself' later (N3)", async () => {
  const found: string[] = [];
  for (const [locale, lang] of LANGS) {
    // Playing (the default): a member from the start, told so on the "league created" page.
    const page = await env.page({ locale });
    await page.goto("/leagues/new");
    await page.locator("form input[required]").first().fill(`Hirschen ${lang}`);
    expect(await page.locator("[data-testid=play-too]").isChecked()).toBe(true);
    await page.locator("[data-testid=my-name]").fill("Lena");
    await page.locator("form button.primary[type=submit]").click();
    await page.locator("[data-testid=created-member]").waitFor();
    expect(await page.locator("[data-testid=created-member]").innerText()).toMatch(lang === "en" ? /member now/ : /Mitglied/);
    // The invite and admin link inputs have names (axe `label`, critical, before).
    found.push(...(await check(page, `league-created-${lang}`)));
    await page.locator(".links a.button").click();
    await page.locator("main h1").waitFor();
    await expect.poll(() => page.locator("main").innerText(), LOADED).toContain("Lena");
    expect(await page.locator("[data-testid=play-myself]").count()).toBe(0);
    await page.goto("/leagues");
    await expect.poll(() => page.locator("main").innerText(), LOADED).toContain(`Hirschen ${lang}`);
    found.push(...(await check(page, `league-list-${lang}`)));

    // Not playing: the admin view says so and offers to play.
    const other = await env.page({ locale });
    await other.goto("/leagues/new");
    await other.locator("form input[required]").first().fill(`Organised ${lang}`);
    await other.locator("[data-testid=play-too]").uncheck();
    expect(await other.locator("[data-testid=my-name]").count()).toBe(0);
    await other.locator("form button.primary[type=submit]").click();
    await other.locator("[data-testid=created-member]").waitFor();
    expect(await other.locator("[data-testid=created-member]").innerText()).toMatch(lang === "en" ? /do not play/ : /spielst aber nicht mit/);
    await other.locator(".links a.button").click();
    const play = other.locator("[data-testid=play-myself]");
    await play.waitFor();
    found.push(...(await check(other, `league-admin-not-member-${lang}`)));
    await play.locator("input").fill("Otto");
    await play.locator("button[type=submit]").click();
    await expect.poll(() => other.locator("[data-testid=play-myself]").count(), LOADED).toBe(0);
    await expect.poll(() => other.locator("main").innerText(), LOADED).toContain("Otto");
    // Still the admin: the invite and the admin controls stay.
    expect(await other.locator("[data-testid=rotate-invite]").count()).toBe(1);
    await other.screenshot({ path: `test-results/walk-league-admin-plays-${lang}-360.png`, fullPage: true });
  }
  expect(found).toEqual([]);
  expect(env.problems).toEqual([]);
});

it("opens the join form when an invite link is pasted into a tab that shows the league (N2)", async () => {
  for (const [locale, lang] of LANGS) {
    const l = await league();
    const page = await env.page({ locale });
    const known = env.problems.length;
    await page.goto(`/l/${l.id}`);
    await page.locator("main .error").waitFor();
    // Only the #… changes: no new page load.
    await page.evaluate((link) => location.assign(link), l.inviteLink);
    await page.locator("form.join").waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `test-results/walk-pasted-invite-${lang}-360.png`, fullPage: true });
    // An outsider's read of a private league is a 404 the browser logs; nothing else may go wrong.
    env.problems.splice(known, env.problems.length - known, ...env.problems.slice(known).filter((p) => !/status of (401|404)/.test(p)));
  }
  expect(env.problems).toEqual([]);
});

it("explains the duplicate box and offers it only when a round has two tables of a size (N14)", async () => {
  const l = await league({ tableSize: 3 });
  const page = await env.page({ locale: "en-US" });
  await page.goto(linkPath(l.adminLink));
  const join = async (i: number) => env.api(`/api/leagues/${l.id}/join`, { invite: l.invite, name: `Member ${i}` });
  for (let i = 0; i < 3; i++) await join(i);
  await page.reload();
  await page.locator("main h1").waitFor();
  await expect.poll(() => page.locator("main").innerText(), LOADED).toContain("Member 2");
  expect(await page.locator("[data-testid=duplicate]").count()).toBe(0);
  for (let i = 3; i < 6; i++) await join(i);
  await page.reload();
  await page.locator("[data-testid=duplicate]").waitFor();
  const described = await page.locator("[data-testid=duplicate]").getAttribute("aria-describedby");
  expect(await page.locator(`#${described}`).innerText()).toMatch(/same deals/);
  await check(page, "league-duplicate-en");
  expect(env.problems).toEqual([]);
});

it("words the divisions for one who moves up and down in German, and the check page without a developer command (N10, N11)", async () => {
  const l = await league({ tableSize: 3, divisionSize: 4, divisionMoves: 1 });
  // The divisions show once the first round has put members in them.
  for (let i = 0; i < 4; i++) await env.api(`/api/leagues/${l.id}/join`, { invite: l.invite, name: `Mitglied ${i}` });
  await env.api(`/api/leagues/${l.id}/rounds`, { no: 1 }, l.adminKey);
  const page = await env.page({ locale: "de-DE" });
  await page.goto(linkPath(l.adminLink));
  await expect.poll(() => page.locator("main").innerText(), LOADED).toMatch(/steigt der Beste jeder Division auf, der Letzte ab/);
  expect(await page.locator("main").innerText()).not.toMatch(/die 1 Besten|die 1 Letzten|mit \d+ Punkte\b/);
  await check(page, "league-divisions-de");
  for (const [locale, lang] of LANGS) {
    const p = await env.page({ locale });
    await p.goto("/check");
    await p.locator("input[type=file]").waitFor();
    expect(await p.locator("main").innerText()).not.toMatch(/npm|verify --/);
    await p.screenshot({ path: `test-results/walk-check-${lang}-360.png`, fullPage: true });
  }
  expect(env.problems).toEqual([]);
});

it("has no serious or critical axe violation on home, new game, help, league list and Settings with a player", async () => {
  const found: string[] = [];
  for (const [locale, lang] of LANGS) {
    const page = await env.page({ locale });
    for (const [where, ready] of [
      ["/", "main"],
      ["/new", 'select[name="players"]'],
      ["/help", "[data-testid=rules-list]"],
      ["/leagues", "main h1"],
    ] as const) {
      await page.goto(where);
      await page.locator(ready).first().waitFor();
      found.push(...(await check(page, `axe-${lang}${where.replace(/\//g, "_")}`)));
    }
    // A player (made by creating a table), so that Settings shows devices and quiet hours.
    await page.goto("/new");
    await page.locator('select[name="players"]').selectOption("2");
    await page.locator('input[name="seat0"]').fill("Anna");
    await page.locator('select[name="bot1"]').selectOption("easy");
    await page.locator("button.primary[type=submit]").click();
    await page.locator('[data-testid="links"]').waitFor();
    await page.goto("/settings");
    await page.locator('input[type="time"]').first().waitFor();
    found.push(...(await check(page, `axe-${lang}_settings-player`)));
  }
  expect(found).toEqual([]);
  expect(env.problems).toEqual([]);
});
