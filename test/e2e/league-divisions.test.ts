// Divisions and a reserve on the league page (issue 18), on a phone and a desktop, in German and
// English: each division's standings with its zones and the tie-breaks; a member offers to stand
// in; the admin gives a left seat to them after a question; the league page and the table say who
// took over from whom at which hand, and whom the result counts for. Screenshots in test-results/.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { expectFits, useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const problems = env.problems;
const api = env.api;

const newPage = (locale: string, init?: { key: string; value: unknown }): Promise<Page> =>
  env.page({ locale, consoleErrors: false, storage: init ? { [init.key]: init.value } : undefined });

interface LeaguePageJson {
  rounds: { tables: { tableId: string; link: string | null; division: number; seats: { seat: number; member: string; name: string }[] }[] }[];
}

it("shows divisions with their zones and tie-breaks, and a reserve taking over a left seat", async () => {
  const league = await api<{ id: string; adminKey: string; invite: string }>("/api/leagues", {
    name: "Stammtisch",
    rules: { preset: "standard" },
    tableSize: 3,
    decisionHours: null,
    botLevel: "random",
    divisionSize: 3,
    divisionMoves: 1,
  });
  const members: { id: string; key: string; name: string }[] = [];
  for (const name of ["Anna", "Bernd", "Carla", "Dora", "Emil", "Franz"]) {
    const r = await api<{ member: { id: string }; key: string }>(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
    members.push({ id: r.member.id, key: r.key, name });
  }
  await api(`/api/leagues/${league.id}/rounds`, { no: 1 }, league.adminKey);
  const p = await api<LeaguePageJson>(`/api/leagues/${league.id}`, undefined, league.adminKey);
  const [t1, t2] = p.rounds[0].tables;
  const leaver = members.find((m) => m.id === t1.seats[0].member)!;
  const reserve = members.find((m) => m.id === t2.seats[0].member)!;

  // The reserve offers on their page, in English.
  const en = await newPage("en-GB", { key: "muli.leagues", value: { [league.id]: { member: { id: reserve.id, key: reserve.key } } } });
  await en.goto(`/l/${league.id}`);
  await en.locator("h1", { hasText: "Stammtisch" }).waitFor();
  expect(await en.locator('[data-testid="divisions"] h2').allInnerTexts()).toEqual(["Division 1", "Division 2"]);
  expect(await en.locator('[data-testid="tie-breaks"]').innerText()).toContain("head-to-head");
  await en.locator('[data-testid="reserve-offer"]').check();
  await en.locator("li", { hasText: `${reserve.name} (reserve)` }).waitFor();
  await expectFits(en);
  await en.screenshot({ path: `${ARTIFACTS}/league-divisions-en-360.png`, fullPage: true });

  // The leaver leaves their table.
  const leaverPage = await api<LeaguePageJson>(`/api/leagues/${league.id}`, undefined, leaver.key);
  const leaverToken = new URL(leaverPage.rounds[0].tables.find((t) => t.tableId === t1.tableId)!.link!).hash.slice(1);
  await api(`/api/tables/${t1.tableId}/leave`, {}, leaverToken);

  // The admin, in German: divisions with zones; the left seat goes to the reserve after a question.
  const de = await newPage("de-AT");
  await de.goto(`/l/${league.id}#admin=${encodeURIComponent(league.adminKey)}`);
  await de.locator("h1", { hasText: "Stammtisch" }).waitFor();
  const divisions = de.locator('[data-testid="divisions"]');
  expect(await divisions.locator("h2").allInnerTexts()).toEqual(["Division 1", "Division 2"]);
  expect(await divisions.innerText()).toContain("am Saisonende steigt der Beste jeder Division auf, der Letzte ab");
  expect((await divisions.locator('[data-testid="zone"]').allInnerTexts()).map((s) => s.trim())).toEqual(["· steigt ab", "· steigt auf"]);
  expect(await de.locator('[data-testid="tie-breaks"]').innerText()).toContain("direkter Vergleich");
  const table1 = de.locator('[data-testid="league-table"]').first();
  const choice = table1.locator('[data-testid="reserve-seat"]', { hasText: `${leaver.name}s Platz an einen Ersatz geben` });
  await choice.locator("select").selectOption(reserve.id);
  await choice.locator('[data-testid="give-reserve"]').click();
  expect(await de.locator('[data-testid="confirm"]').innerText()).toContain(`${leaver.name}s Platz an ${reserve.name} geben? ${leaver.name}s Link öffnet ihn dann nicht mehr; das Ergebnis zählt für ${reserve.name}.`);
  await de.locator('[data-testid="confirm-yes"]').click();
  await table1.locator('[data-testid="took-over"]').waitFor();
  expect((await table1.locator('[data-testid="took-over"]').innerText()).trim()).toBe(`(${reserve.name} hat ab Spiel 1 von ${leaver.name} übernommen; das Ergebnis zählt für ${reserve.name})`);
  await de.locator('[data-testid="admin-log"] summary').click();
  expect(await de.locator('[data-testid="admin-log"] li').first().innerText()).toContain(`${leaver.name}s Platz an den Ersatz ${reserve.name} gegeben (ab Spiel 1)`);
  await expectFits(de);
  await de.screenshot({ path: `${ARTIFACTS}/league-divisions-de-360.png`, fullPage: true });
  // The parts up close, as a phone shows them.
  await de.locator(".round").first().screenshot({ path: `${ARTIFACTS}/league-divisions-round-de-360.png` });
  await divisions.screenshot({ path: `${ARTIFACTS}/league-divisions-standings-de-360.png` });
  await de.setViewportSize({ width: 1280, height: 900 });
  await de.screenshot({ path: `${ARTIFACTS}/league-divisions-de-desktop.png`, fullPage: true });

  // The reserve's new link opens the seat; the table says who took over.
  await en.reload();
  const open = en.locator('[data-testid="league-table"]', { hasText: "Table 1" }).locator("a", { hasText: "Open my table" });
  await open.click();
  await en.locator('[data-testid="seat-notes"] [data-testid="took-over"]').waitFor();
  expect(await en.locator('[data-testid="seat-notes"] [data-testid="took-over"]').innerText()).toBe(
    `${reserve.name} took over from ${leaver.name} at hand 1: the seat's result counts for ${reserve.name}.`,
  );
  await expectFits(en);
  await en.screenshot({ path: `${ARTIFACTS}/league-reserve-table-en-360.png`, fullPage: true });
  await en.setViewportSize({ width: 1280, height: 900 });
  await en.screenshot({ path: `${ARTIFACTS}/league-reserve-table-en-desktop.png`, fullPage: true });
  expect(problems).toEqual([]);
});
