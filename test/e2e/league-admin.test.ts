// The admin's safety on the league page (issue 18): destructive actions ask first (Cancel does
// nothing), a removal can be undone from the page within its minute, every admin action is in the
// admin log, and "Close round" is not the main button while the round's tables are played.
import { afterEach, expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems = env.problems;
const api = env.api;

afterEach(async () => {
  expect(problems).toEqual([]);
});

it("asks before annulling and removing, undoes a removal, logs it, and keeps Close round plain", async () => {
  const league = await api<{ id: string; adminKey: string; invite: string }>("/api/leagues", { name: "Stammtisch", rules: { preset: "standard" }, tableSize: 3, decisionHours: null });
  for (const name of ["Anna", "Bernd", "Carla"]) await api(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
  await api(`/api/leagues/${league.id}/rounds`, { no: 1 }, league.adminKey);

  const page = await env.page({ locale: "de-AT", consoleErrors: false });
  await page.goto(`/l/${league.id}#admin=${encodeURIComponent(league.adminKey)}`);
  await page.locator("h1", { hasText: "Stammtisch" }).waitFor();

  // Right after the start the round's tables are played: Close round is a plain button.
  const close = page.locator('[data-testid="close-round"]');
  expect((await close.getAttribute("class")) ?? "").not.toContain("primary");

  // Annul asks; Cancel leaves the table as it was.
  await page.locator('[data-testid="league-table"] button', { hasText: "Annullieren" }).click();
  expect(await page.locator('[data-testid="confirm"]').innerText()).toContain("Tisch 1 annullieren? Seine Partie zählt nicht.");
  await page.screenshot({ path: `${ARTIFACTS}/league-admin-confirm-de-360.png`, fullPage: true });
  await page.locator('[data-testid="confirm-no"]').click();
  expect(await page.locator('[data-testid="league-table"]').innerText()).toContain("wartet auf");

  // A replacement is chosen first; nothing happens on the select's change alone.
  await page.locator('[data-testid="league-table"] select').first().selectOption("bot");
  await page.locator('[data-testid="league-table"] .replace button', { hasText: "Ersetzen" }).waitFor();
  expect(await page.locator('[data-testid="confirm"]').count()).toBe(0);

  // Removing asks, then can be undone from the page.
  const members = page.locator("h2", { hasText: "Mitglieder" }).locator("xpath=following-sibling::ul[1]");
  await members.locator("li", { hasText: "Anna" }).locator('[data-testid="remove"]').click();
  expect(await page.locator('[data-testid="confirm"]').innerText()).toContain("Anna aus der Liga entfernen?");
  await page.locator('[data-testid="confirm-yes"]').click();
  const undo = page.locator('[data-testid="undo-bar"]');
  await undo.waitFor();
  expect(await undo.innerText()).toMatch(/Anna entfernt\.\s+Rückgängig \(\d+ Sekunden\)/);
  expect(await members.locator("li", { hasText: "Anna" }).count()).toBe(0);
  await page.screenshot({ path: `${ARTIFACTS}/league-admin-undo-de-360.png`, fullPage: true });
  await page.locator('[data-testid="undo"]').click();
  await members.locator("li", { hasText: "Anna" }).waitFor();
  await undo.waitFor({ state: "detached" });

  // The admin log lists all of it, newest first.
  await page.locator('[data-testid="admin-log"] summary').click();
  const log = await page.locator('[data-testid="admin-log"] li').allInnerTexts();
  expect(log[0]).toContain("Anna wieder dabei (Entfernen rückgängig gemacht).");
  expect(log[1]).toContain("Anna entfernt.");
  expect(log[2]).toContain("Runde 1 gestartet (1 Tisch).");
  // Nothing else happened: no seat changed hands on the select's change, nothing was annulled.
  expect(log).toHaveLength(3);
  expect(log[0]).toMatch(/\d{1,2}\.\d{1,2}\.\d{4}/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${ARTIFACTS}/league-admin-log-de-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${ARTIFACTS}/league-admin-log-de-desktop.png`, fullPage: true });
});
