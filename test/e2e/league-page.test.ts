// The league page and the player's settings in the browser, in German and English: a league with a
// round under way (made through the API), read by its admin and by a member, and a player created
// on the settings page. Counts, numbers and dates must come out in the page's language, and
// nothing may stick out on a 360-pixel phone. Screenshots go to test-results/.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { expectFits, useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems = env.problems;
const api = env.api;

const newPage = (locale: string, init?: { key: string; value: unknown }): Promise<Page> =>
  env.page({ locale, consoleErrors: false, storage: init ? { [init.key]: init.value } : undefined });

/** A league of four with its first round started. */
async function leagueWithRound() {
  const league = await api<{ id: string; adminKey: string; invite: string }>("/api/leagues", {
    name: "Stammtisch",
    description: "Jeden Donnerstag",
    rules: { preset: "standard" },
    tableSize: 4,
  });
  const members = [];
  for (const name of ["Anna", "Bernd", "Carla", "Dora"]) {
    const r = await api<{ member: { id: string }; key: string }>(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
    members.push({ id: r.member.id, key: r.key });
  }
  await api(`/api/leagues/${league.id}/rounds`, { no: 1 }, league.adminKey);
  return { ...league, members };
}

it("shows a league to its admin in German and to a member in English", async () => {
  const league = await leagueWithRound();

  const de = await newPage("de-AT");
  await de.goto(`/l/${league.id}#admin=${encodeURIComponent(league.adminKey)}`);
  await de.locator("h1", { hasText: "Stammtisch" }).waitFor();
  const round = await de.locator(".round h2").first().innerText();
  expect(round).toMatch(/^Runde 1 bis \d{1,2}\.\d{1,2}\.\d{4}, \d\d:\d\d$/);
  const table = await de.locator('[data-testid="league-table"]').innerText();
  expect(table).toContain("Tisch 1");
  expect(table).toMatch(/wartet auf \w+, letzter Zug vor \d+ Minuten?/);
  expect(await de.locator("table.standings tbody tr").count()).toBe(4);
  expect(await de.locator("body").innerText()).toContain("je zwei Mitglieder saßen 1 Mal zusammen");
  expect(await de.locator("body").innerText()).not.toMatch(/\((e|n|s)\)/);
  await de.locator("button", { hasText: "Runde abschließen" }).waitFor();
  await expectFits(de);
  await de.screenshot({ path: `${ARTIFACTS}/league-de-360.png`, fullPage: true });
  await de.setViewportSize({ width: 1280, height: 900 });
  await de.screenshot({ path: `${ARTIFACTS}/league-de-desktop.png`, fullPage: true });

  const anna = league.members[0];
  const en = await newPage("en-GB", { key: "muli.leagues", value: { [league.id]: { member: anna } } });
  await en.goto(`/l/${league.id}`);
  await en.locator("h1", { hasText: "Stammtisch" }).waitFor();
  expect(await en.locator(".round h2").first().innerText()).toMatch(/^Round 1 until /);
  expect(await en.locator('[data-testid="league-table"]').innerText()).toMatch(/waiting for \w+, last move \d+ minutes? ago/);
  expect(await en.locator("body").innerText()).toContain("every two members met 1 time.");
  const open = en.locator('[data-testid="league-table"] a', { hasText: "Open my table" });
  expect(await open.getAttribute("href")).toMatch(/^\/t\/t_[\w-]+#/);
  await expectFits(en);
  await en.screenshot({ path: `${ARTIFACTS}/league-en-360.png`, fullPage: true });
  // The member's link opens their seat at the league's table.
  await open.click();
  // The table waits for its cutter (maybe another member, who has not opened it), then deals.
  await en.locator('[data-testid="prompt"]').waitFor();
  expect(problems).toEqual([]);
});

it("creates a player on the settings page, in German", async () => {
  const page = await newPage("de-DE");
  await page.goto("/settings");
  await page.locator(".notifications input[type=text]").fill("Anna");
  await page.locator("button", { hasText: "Spieler anlegen" }).click();
  await page.locator('[data-testid="make-link"]').waitFor();
  const text = await page.locator(".notifications").innerText();
  expect(text).toContain("Anmelde-Link erstellen");
  expect(text).toMatch(/\d+ Tage übrig in diesem Jahr/);
  await expectFits(page);
  await page.screenshot({ path: `${ARTIFACTS}/settings-de-360.png`, fullPage: true });
  expect(problems).toEqual([]);
});
