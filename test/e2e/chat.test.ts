// Table talk in the browser: two seats on 360-pixel phones (a German and an English browser)
// talk at a table: the unread count on the table and in "My games", a message and a quick
// reaction each way, markup shown as the text it is, muting, and nothing wider than the phone.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { useServerAndBrowser } from "./setup";

const env = useServerAndBrowser();
const problems = env.problems;

async function newPage(locale: string, width = 360): Promise<Page> {
  const page = await env.page({ locale, width, timeout: 30_000 });
  page.on("dialog", (d) => void d.accept("unfreundlich"));
  return page;
}

const fitsWidth = async (p: Page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await p.evaluate(() => window.innerWidth));
const messages = (p: Page) => p.locator('[data-testid="chat-message"] .text');

it("lets two seats talk on their phones", async () => {
  const res = await fetch(`${env.server.url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rules: { preset: "standard", players: 2 }, seats: [{ name: "Anna" }, { name: "Bernd" }] }),
  });
  expect(res.status).toBe(201);
  const t = (await res.json()) as { id: string; seats: { token: string }[] };
  const anna = await newPage("de-DE");
  const bernd = await newPage("en-GB");
  // What Anna's sockets receive, to know when a message has reached her page.
  const annaReceived: string[] = [];
  anna.on("websocket", (ws) => ws.on("framereceived", (f) => annaReceived.push(String(f.payload))));
  await anna.goto(`/t/${t.id}#${t.seats[0].token}`);
  await bernd.goto(`/t/${t.id}#${t.seats[1].token}`);
  for (const p of [anna, bernd]) await p.locator('.link-status[data-status="live"]').waitFor();

  // Anna opens the folded chat and writes; Enter sends.
  await anna.getByRole("button", { name: /Tischgespräch/ }).click();
  await anna.getByText("Noch keine Nachrichten. Sag Servus!").waitFor();
  const box = anna.getByRole("textbox", { name: "Nachricht schreiben…" });
  await box.fill("Bin bis Sonntag weg");
  await box.press("Enter");
  await expect.poll(() => messages(anna).allTextContents()).toEqual(["Bin bis Sonntag weg"]);
  // The socket may show the message before the send's own answer, which empties the box.
  await expect.poll(() => box.inputValue()).toBe("");

  // Bernd's table shows the unread count in its head and on the folded chat.
  const badge = bernd.locator(".chat-badge");
  await badge.waitFor();
  expect(await badge.textContent()).toBe(" 1");
  expect(await bernd.getByTestId("chat-unread").textContent()).toBe("1");
  await fitsWidth(bernd);
  await bernd.screenshot({ path: "test-results/chat-unread-360.png", fullPage: true });
  await badge.click();
  await expect.poll(() => messages(bernd).allTextContents()).toEqual(["Bin bis Sonntag weg"]);
  expect(await bernd.locator(".chat-badge").count()).toBe(0);
  await expect.poll(() => bernd.getByTestId("chat-unread").count()).toBe(0);

  // A quick reaction in one tap, shown in each reader's language.
  await bernd.getByRole("button", { name: "👏 Well played!" }).click();
  await expect.poll(() => anna.locator('[data-testid="chat-message"] .text').last().textContent()).toBe("👏 Gut gespielt!");
  expect(await messages(bernd).last().textContent()).toBe("👏 Well played!");

  // Markup is shown as text, never run.
  const markup = `<b>fett</b><img src=x onerror="window.__chat=1">`;
  await bernd.getByRole("textbox", { name: "Write a message…" }).fill(markup);
  await bernd.getByRole("button", { name: "Send", exact: true }).click();
  await expect.poll(() => messages(anna).last().textContent()).toBe(markup);
  expect(await anna.locator(".chat b, .chat img").count()).toBe(0);
  expect(await anna.evaluate(() => (window as unknown as { __chat?: number }).__chat)).toBeUndefined();
  await fitsWidth(anna);
  await anna.screenshot({ path: "test-results/chat-anna-360.png", fullPage: true });
  await bernd.screenshot({ path: "test-results/chat-bernd-360.png", fullPage: true });

  // Anna reports Bernd's markup (the dialog asks why); the server keeps it in the feedback store.
  await anna.locator('[data-testid="chat-message"] .bubble').last().click();
  await anna.getByRole("button", { name: "Melden" }).click();
  await anna.getByText("Gemeldet. Danke.").waitFor();

  // In "My games", Anna sees what Bernd wrote while she was away from the table.
  await anna.goto("/");
  await anna.getByTestId("game").waitFor();
  await bernd.getByRole("textbox", { name: "Write a message…" }).fill("Are you there?");
  await bernd.getByRole("textbox", { name: "Write a message…" }).press("Enter");
  await expect.poll(() => messages(bernd).last().textContent()).toBe("Are you there?");
  await anna.reload();
  await anna.getByTestId("game-unread").waitFor();
  expect(await anna.getByTestId("game-unread").textContent()).toBe(" 1 ungelesene Nachricht");
  await fitsWidth(anna);
  await anna.screenshot({ path: "test-results/chat-my-games-360.png", fullPage: true });

  // Muted: no count, no badge, even for new messages.
  await anna.goto(`/t/${t.id}#${t.seats[0].token}`);
  await anna.locator('.link-status[data-status="live"]').waitFor();
  await anna.getByRole("button", { name: /Tischgespräch/ }).click();
  await anna.getByRole("checkbox", { name: /stummschalten/ }).check();
  await anna.getByText("(stumm)").waitFor();
  await anna.getByRole("button", { name: /Tischgespräch/ }).click(); // fold it
  await bernd.getByRole("textbox", { name: "Write a message…" }).fill("Hello?");
  await bernd.getByRole("textbox", { name: "Write a message…" }).press("Enter");
  await expect.poll(() => messages(bernd).last().textContent()).toBe("Hello?");
  // The message has reached Anna's page (her socket got it), and still no count.
  await expect.poll(() => annaReceived.some((f) => f.includes("Hello?"))).toBe(true);
  expect(await anna.locator(".chat-badge").count()).toBe(0);
  expect(await anna.getByTestId("chat-unread").count()).toBe(0);

  // The same chat on a desktop screen.
  const wide = await newPage("en-GB", 1280);
  await wide.goto(`/t/${t.id}#${t.seats[1].token}`);
  await wide.getByRole("button", { name: /Table talk/ }).click();
  await expect.poll(() => messages(wide).count()).toBe(5);
  await wide.screenshot({ path: "test-results/chat-desktop.png", fullPage: true });

  expect(problems).toEqual([]);
});
