// A duplicate round on the league page: two tables of three dealt the same cards (made and played
// through the API), then the score against the field beside the standings, read by a member on a
// 360-pixel phone (English) and by the admin on a desktop (German). Screenshots to test-results/.
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const env = useServerAndBrowser();
// Two whole games from one address: env.api waits when the server says slow down.
const call = env.api;

type Legal = { type: string; max?: number; count?: number; card?: string; suit?: string; tricks?: number; discard?: string };
interface View {
  version: number;
  phase: string;
  toAct: number[];
  hand: string[];
  legal: Legal[];
}

/**
 * Play a table to its end through the API: always the first legal answer, the fewest cards (or,
 * `other`, the last trump and the most cards). Each answer's view says who is next, so every
 * seat's token asks only for its own moves (the server limits requests per token).
 */
async function playOut(tableId: string, tokens: string[], other: boolean) {
  let next = (await call<View>(`/api/tables/${tableId}`, undefined, tokens[0])).toAct[0];
  for (let i = 0; i < 1500; i++) {
    if (next === undefined) return;
    const v = await call<View>(`/api/tables/${tableId}`, undefined, tokens[next]);
    if (v.phase === "over") return;
    // No Mulatschak, the lowest bid (passing all round would only redeal), the fewest cards.
    const trumps = v.legal.filter((x) => x.type === "trump");
    const a = (other ? trumps.at(-1) : undefined) ?? v.legal.find((x) => x.type !== "mulatschak") ?? v.legal[0];
    const action =
      a.type === "exchange" ? { type: "exchange", cards: other ? v.hand.slice(0, a.max) : [] } : a.type === "discard" ? { type: "discard", cards: v.hand.slice(0, a.count) } : a.type === "takeShown" && !a.discard ? { type: "leaveShown" } : a;
    const after = await call<View>(`/api/tables/${tableId}/actions`, { version: v.version, action }, tokens[next]);
    if (after.phase === "over") return;
    next = after.toAct[0];
  }
  throw new Error("the game did not end");
}

it("shows the score against the field beside the standings, on a phone and a desktop", async () => {
  const league = await call<{ id: string; adminKey: string; invite: string }>("/api/leagues", { name: "Duplicate-Stammtisch", rules: { preset: "standard", startPoints: 2 }, tableSize: 3, allowBots: false });
  const members: { id: string; key: string }[] = [];
  for (const name of ["Anna", "Bernd", "Carla", "Dora", "Emil", "Franz"]) {
    const r = await call<{ member: { id: string }; key: string }>(`/api/leagues/${league.id}/join`, { invite: league.invite, name });
    members.push({ id: r.member.id, key: r.key });
  }
  await call(`/api/leagues/${league.id}/rounds`, { no: 1, duplicate: true }, league.adminKey);
  type Page = { rounds: { duplicate: boolean; tables: { tableId: string; link: string | null; seats: { member: string | null }[] }[] }[] };
  const admin = await call<Page>(`/api/leagues/${league.id}`, undefined, league.adminKey);
  expect(admin.rounds[0].duplicate).toBe(true);
  // The same cards at both tables, played differently (the second table picks another trump and
  // exchanges all it may): the scores against the field differ from zero.
  for (const [i, t] of admin.rounds[0].tables.entries()) {
    const tokens: string[] = [];
    for (const [seat, s] of t.seats.entries()) {
      const key = members.find((m) => m.id === s.member)!.key;
      const mine = await call<Page>(`/api/leagues/${league.id}`, undefined, key);
      tokens[seat] = new URL(mine.rounds[0].tables.find((x) => x.tableId === t.tableId)!.link!).hash.slice(1);
    }
    await playOut(t.tableId, tokens, i === 1);
  }

  // A member on a phone, in English: the field below the standings, their own line in bold.
  const phone = await env.page({ locale: "en-US", consoleErrors: false, storage: { "muli.leagues": { [league.id]: { member: members[0] } } } });
  await phone.goto(`/l/${league.id}`);
  await phone.locator('[data-testid="field"]').waitFor();
  expect(await phone.locator('[data-testid="field"] tbody tr').count()).toBe(6);
  const scores = (await phone.locator('[data-testid="field"] tbody td:last-child').allTextContents()).map((x) => Number(x.replace(",", ".")));
  // (Played differently, the same cards may still end the same: the values are the unit test's,
  // test/leagues; here every score is a number and they balance.)
  expect(scores.every((x) => Number.isFinite(x))).toBe(true);
  expect(Math.abs(scores.reduce((n, x) => n + x, 0))).toBeLessThan(0.5);
  // Nothing of the field is cut off on the phone: its table fits its scrolling box.
  for (const box of await phone.locator('[role="region"]:has(table.field)').all()) {
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  expect(await phone.getByText("Against the field").count()).toBeGreaterThan(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.locator('[data-testid="field"]').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: "test-results/league-field-360.png", fullPage: true });

  // The admin on a desktop, in German.
  const desk = await env.page({ locale: "de-DE", width: 1280, consoleErrors: false });
  await desk.goto(`/l/${league.id}#admin=${encodeURIComponent(league.adminKey)}`);
  await desk.locator('[data-testid="field"]').waitFor();
  expect(await desk.getByText("Gegen das Feld").count()).toBeGreaterThan(0);
  await desk.screenshot({ path: "test-results/league-field-desktop.png", fullPage: true });
  expect(env.problems).toEqual([]);
}, 300_000);
