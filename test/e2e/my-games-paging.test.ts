// "My games" for a player with many finished games (issue 28): the profile brings every running
// seat and the ten newest finished ones; "Show older finished games" loads the next page
// (GET /api/players/me/seats?after=) and is gone when the server says there is no more
// (`moreFinished` null). In English and German, at 360 px and desktop size. Screenshots:
// test-results/my-games-more-*.png.
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";
import { atBothSizes, LANGS, type CreatedTable } from "./setup-walk";

const env = useServerAndBrowser();
const LOADED = { timeout: 30_000 };

const TWO = { rules: { preset: "standard", players: 2, startPoints: 5, endAbove: 20 }, seats: [{ name: "Anna" }, { name: "Bernd" }], autoPlay: false };

/** A player with `finished` games ended by agreement (annulled) and one running; its key. */
async function playerWithHistory(finished: number): Promise<string> {
  const p = await env.api<{ id: string; key: string }>("/api/players", { name: "Viele", language: "en" });
  for (let i = 0; i < finished + 1; i++) {
    const t = await env.api<CreatedTable>("/api/tables", TWO);
    await env.api("/api/players/me/seats", { table: t.id, token: t.seats[0].token }, p.key);
    if (i < finished) for (const s of t.seats) await env.api(`/api/tables/${t.id}/end`, { outcome: "annul" }, s.token!);
  }
  // The first read sees the ended games over and marks their seats finished (as the archive does).
  await env.api("/api/players/me", undefined, p.key);
  return p.key;
}

it("shows the ten newest finished games, loads older ones on asking, and offers no more when none are left", async () => {
  const key = await playerWithHistory(13);
  const words = { en: "Show older finished games", de: "Ältere beendete Partien zeigen" };
  for (const [locale, lang] of LANGS) {
    // A fresh device signed in as the player: its list comes from the server.
    const page = await env.page({ locale, storage: { "muli.player": key } });
    await page.goto("/");
    const games = page.locator('[data-testid="game"]');
    const more = page.locator('[data-testid="more-finished"]');
    await expect.poll(() => games.count(), LOADED).toBe(11);
    await more.waitFor();
    expect((await more.textContent())?.trim()).toBe(words[lang]);
    await atBothSizes(page, `my-games-more-${lang}`, { fits: true });
    await more.click();
    await expect.poll(() => games.count(), LOADED).toBe(14);
    // The server said there is no more: the button is gone.
    await expect.poll(() => more.count(), LOADED).toBe(0);
    await atBothSizes(page, `my-games-all-${lang}`, { fits: true });
    // The games stay on this device after a reload.
    await page.reload();
    await expect.poll(() => games.count(), LOADED).toBe(14);
  }
  expect(env.problems).toEqual([]);
});
