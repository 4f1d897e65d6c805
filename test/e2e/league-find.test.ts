// Finding a league (issue 18): "My leagues" from the home page and the header, on a device that
// only holds the player's key (the leagues come from the player), and joining through an invite
// that shows the league first (name, description, rhythm, members, rules in words). A wrong invite
// says so instead of showing a form. Screenshots at 360 px and desktop in test-results/.
import type { Page } from "playwright-core";
import { afterEach, expect, it } from "vitest";
import { expectFits, useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems = env.problems;
const api = env.api;

afterEach(async () => {
  expect(problems).toEqual([]);
});

const newPage = (locale: string, playerKey?: string): Promise<Page> =>
  env.page({ locale, consoleErrors: false, storage: playerKey ? { "muli.player": playerKey } : undefined });

type League = { id: string; adminKey: string; invite: string };

it("finds the leagues a player made and joined from the home page, on a device holding only the player", async () => {
  const { key } = await api<{ key: string }>("/api/players", { name: "Resi", language: "de" });
  const made = await api<League>("/api/leagues", { name: "Donnerstagsrunde", rules: { preset: "standard" }, tableSize: 4 }, key);
  const other = await api<League>("/api/leagues", { name: "Bergxi-Klub", rules: { preset: "bergxi" }, tableSize: 3 });
  await api(`/api/leagues/${other.id}/join`, { invite: other.invite, name: "Resi" }, key);

  // Another device: only the player's key is here (the sign-in link brought it), no league keys.
  const page = await newPage("de-AT", key);
  await page.goto("/");
  await page.locator("h2", { hasText: "Meine Ligen" }).waitFor();
  const items = page.locator('[data-testid="my-league"]');
  await items.nth(1).waitFor();
  expect(await items.allInnerTexts()).toEqual([expect.stringContaining("Bergxi-Klub"), expect.stringMatching(/Donnerstagsrunde\s*Admin/)]);
  await expectFits(page);
  await page.screenshot({ path: `${ARTIFACTS}/my-leagues-home-de-360.png`, fullPage: true });

  // The header leads there too; the made league opens as its admin (the key came from the player).
  await page.locator("header nav a", { hasText: "Meine Ligen" }).click();
  await page.locator("h1", { hasText: "Meine Ligen" }).waitFor();
  await page.locator('[data-testid="my-league"] a', { hasText: "Donnerstagsrunde" }).click();
  await page.locator("h1", { hasText: "Donnerstagsrunde" }).waitFor();
  await page.locator("button", { hasText: "Runde 1 starten" }).waitFor();
  await page.locator('input[aria-labelledby="invite-help"]').waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/leagues");
  await items.nth(1).waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/my-leagues-desktop.png`, fullPage: true });
});

it("shows the league behind an invite before joining, joins, and lists it; a wrong invite says so", async () => {
  const league = await api<League>("/api/leagues", {
    name: "Stammtisch Hirschen",
    description: "Dienstags, wer verliert, zahlt die erste Runde.",
    rules: { preset: "murln", mustPlayAt: 4 },
    tableSize: 4,
    roundDays: 5,
    seasonRounds: 8,
    decisionHours: 24,
  });
  for (const name of ["Anna", "Bernd"]) await api(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
  const { key } = await api<{ key: string }>("/api/players", { name: "Ben", language: "en" });

  const page = await newPage("en-GB", key);
  await page.goto(`/l/${league.id}#invite=${encodeURIComponent(league.invite)}`);
  const preview = page.locator('[data-testid="league-preview"]');
  await preview.locator("h1", { hasText: "Stammtisch Hirschen" }).waitFor();
  const text = await preview.innerText();
  expect(text).toContain("Dienstags, wer verliert, zahlt die erste Runde.");
  expect(text).toContain("A round every 5 days, 8 rounds a season");
  expect(text).toContain("Players per table: 4");
  expect(text).toContain("24 hours per decision");
  expect(await page.locator('[data-testid="preview-members"]').innerText()).toBe("2 members so far");
  await preview.locator("summary", { hasText: "Rules" }).click();
  const rules = await preview.locator('[data-testid="rules-list"]').innerText();
  // In words, the house rule marked, never the engine's keys.
  expect(rules).toContain("house rule");
  expect(rules).not.toMatch(/mustPlayAt|weliCut|startPoints/);
  await expectFits(page);
  await page.screenshot({ path: `${ARTIFACTS}/league-invite-en-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${ARTIFACTS}/league-invite-en-desktop.png`, fullPage: true });

  await page.getByLabel("Your name in the league").fill("Ben");
  await page.locator("button", { hasText: /^Join$/ }).click();
  await page.locator('[data-testid="joined"]').waitFor();
  await page.goto("/");
  await page.locator('[data-testid="my-league"]', { hasText: "Stammtisch Hirschen" }).waitFor();

  // A wrong invite: no form, a plain word of what to do.
  const stranger = await newPage("de-AT");
  await stranger.goto(`/l/${league.id}#invite=not-the-invite`);
  expect(await stranger.locator('[data-testid="invite-unknown"]').innerText()).toContain("Diese Einladung öffnet keine Liga");
  expect(await stranger.locator("form.join").count()).toBe(0);
});

it("marks league tables in My games", async () => {
  const { key } = await api<{ key: string }>("/api/players", { name: "Vroni", language: "de" });
  const league = await api<League>("/api/leagues", { name: "Kartlerei", rules: { preset: "standard" }, tableSize: 3, decisionHours: null });
  await api(`/api/leagues/${league.id}/join`, { invite: league.invite, name: "Vroni" }, key);
  for (const name of ["Xaver", "Yvonne"]) await api(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
  await api(`/api/leagues/${league.id}/rounds`, {}, league.adminKey);
  const page = await newPage("de-AT", key);
  // The member opens their seat from the league page; "My games" then names the league.
  await page.goto(`/l/${league.id}`);
  await page.locator("a", { hasText: "Meinen Tisch öffnen" }).click();
  // The table is open and live (whoever cuts first: the seating is the league's draw, so the
  // member's hand may not be dealt yet); the seat is claimed once the page is idle.
  await page.locator('.link-status[data-status="live"]').waitFor();
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return page.locator('[data-testid="league-mark"]').first().innerText({ timeout: 5_000 }).catch(() => null);
      },
      { timeout: 30_000 },
    )
    .toBe("Liga: Kartlerei");
});
