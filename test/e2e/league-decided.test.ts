// A league table the admin decides while it is being played ends there: its players open their
// seat links and see the end screen say the league ended it (annulled, nobody wins), on a 360-pixel
// phone in German and on a desktop in English, and no question is asked of them any more.
// Screenshots to test-results/.
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const ARTIFACTS = "test-results";
const env = useServerAndBrowser();
const call = env.api;

type Page = { rounds: { tables: { tableId: string; link: string | null; seats: { member: string | null }[] }[] }[] };

it("shows a decided league table as ended by the league, on a phone and a desktop", async () => {
  const league = await call<{ id: string; adminKey: string; invite: string }>("/api/leagues", { name: "Stammtisch", rules: { preset: "standard" }, tableSize: 3, allowBots: false });
  const members: { id: string; key: string }[] = [];
  for (const name of ["Anna", "Bernd", "Carla"]) {
    const r = await call<{ member: { id: string }; key: string }>(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
    members.push({ id: r.member.id, key: r.key });
  }
  await call(`/api/leagues/${league.id}/rounds`, { no: 1 }, league.adminKey);
  const table = (await call<Page>(`/api/leagues/${league.id}`, undefined, league.adminKey)).rounds[0].tables[0];
  const linkOf = async (seat: number) => {
    const key = members.find((m) => m.id === table.seats[seat].member)!.key;
    const mine = await call<Page>(`/api/leagues/${league.id}`, undefined, key);
    const link = new URL(mine.rounds[0].tables.find((x) => x.tableId === table.tableId)!.link!);
    return link.pathname + link.hash;
  };
  // The members' seat links, read while the table is still being played.
  const links = [await linkOf(0), await linkOf(1)];
  const decided = await call<{ outcome: string }>(`/api/leagues/${league.id}/tables/${table.tableId}/decide`, { outcome: "annul" }, league.adminKey);
  expect(decided.outcome).toBe("annulled");

  const phone = await env.page({ locale: "de-AT" });
  await phone.goto(links[0]);
  await expect.poll(() => phone.locator('[data-testid="winners"]').innerText()).toBe("Von der Liga beendet: annulliert, niemand gewinnt.");
  expect(await phone.locator(".prompt .question.mine").count()).toBe(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.screenshot({ path: `${ARTIFACTS}/league-decided-360.png`, fullPage: true });

  const desktop = await env.page({ locale: "en-GB", width: 1280 });
  await desktop.goto(links[1]);
  await expect.poll(() => desktop.locator('[data-testid="winners"]').innerText()).toBe("Ended by the league: annulled, nobody wins.");
  await desktop.screenshot({ path: `${ARTIFACTS}/league-decided-1280.png`, fullPage: true });
}, 120_000);
