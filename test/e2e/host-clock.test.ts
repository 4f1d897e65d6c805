// The host changes the table's clock from the host's page (issue 14): the page shows the clock the
// table was made with, the host picks another, and the table runs on it from the next decision.
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const env = useServerAndBrowser();

it("shows the table's clock on the host's page and changes it, on a phone and on a desktop", async () => {
  const res = await fetch(`${env.server.url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rules: { preset: "standard", players: 2 }, seats: [{ name: "Anna" }, { name: "Bernd" }], clock: { hours: 48, onTimeout: "botOnce" } }),
  });
  expect(res.status).toBe(201);
  const t = (await res.json()) as { id: string; seats: { token: string }[]; host: { link: string } };
  const clockOf = async () => {
    const v = await fetch(`${env.server.url}/api/tables/${t.id}`, { headers: { Authorization: `Bearer ${t.seats[0].token}` } });
    return ((await v.json()) as { clock: { decisionMs: number | null; onTimeout: string } | null }).clock;
  };
  for (const [locale, width, hours, onTimeout, saved] of [
    ["de-DE", 360, "12", "takeover", "Geändert"],
    ["en-US", 1280, "168", "botOnce", "Changed"],
  ] as const) {
    const page = await env.page({ locale, width });
    await page.goto(t.host.link);
    const form = page.locator("[data-testid=host-clock]");
    await form.waitFor();
    // Opened with the host link, the key leaves the address bar.
    expect(page.url()).not.toContain("#");
    await form.locator("select[name=clockHours]").selectOption(hours);
    await form.locator("select[name=onTimeout]").selectOption(onTimeout);
    await form.locator("button[type=submit]").click();
    await expect.poll(() => form.locator("[role=status]").innerText(), { timeout: 30_000 }).toContain(saved);
    expect(await clockOf()).toMatchObject({ decisionMs: Number(hours) * 3_600_000, onTimeout });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/host-clock-${width}.png`, fullPage: true });
  }
  // No limit: the onTimeout choice goes, and the table has no clock from the next decision on.
  const page = await env.page({ locale: "en-US" });
  await page.goto(t.host.link);
  const form = page.locator("[data-testid=host-clock]");
  await expect.poll(() => form.locator("select[name=clockHours]").inputValue()).toBe("168");
  await form.locator("select[name=clockHours]").selectOption("0");
  expect(await form.locator("select[name=onTimeout]").count()).toBe(0);
  await form.locator("button[type=submit]").click();
  await expect.poll(() => form.locator("[role=status]").innerText(), { timeout: 30_000 }).toContain("Changed");
  expect((await clockOf())?.decisionMs ?? null).toBeNull();
  expect(env.problems).toEqual([]);
});
