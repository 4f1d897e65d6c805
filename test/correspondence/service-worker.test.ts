// The service worker (web/public/sw.js) run in Node with a stand-in for the browser's worker
// scope: a push message is shown and confirmed "shown" with its receipt and this device's push
// endpoint; a tap opens the seat's link and confirms "opened". Nothing else leaves the device.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const source = readFileSync(new URL("../../web/public/sw.js", import.meta.url), "utf8");

function worker(subscription: { endpoint: string } | null = { endpoint: "https://push.example/abc" }) {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { data: unknown } }[] = [];
  const posts: { url: string; init: { method: string; body: string; headers: Record<string, string> } }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: "https://muli.example" },
    addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined, matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
    registration: {
      showNotification: async (title: string, options: { data: unknown }) => void shown.push({ title, options }),
      pushManager: { getSubscription: async () => subscription },
    },
  };
  const fetch = async (url: string, init: (typeof posts)[number]["init"]) => (posts.push({ url, init }), new Response(null, { status: 204 }));
  runInNewContext(source, { self, fetch, URL, JSON, Promise, console });
  /** Dispatch an event and wait for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { dispatch, shown, posts, opened };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });

describe("the service worker", () => {
  it("shows a push message, then confirms it shown with its receipt and this device's endpoint", async () => {
    const w = worker();
    await w.dispatch("push", pushEvent({ title: "Muli: your turn", body: "Anna, …", url: "https://muli.example/t/t_x#tok", tag: "muli-turn", receipt: "r_abc" }));
    expect(w.shown).toHaveLength(1);
    expect(w.shown[0].title).toBe("Muli: your turn");
    expect(w.posts).toHaveLength(1);
    expect(w.posts[0].url).toBe("/api/receipts");
    expect(w.posts[0].init.method).toBe("POST");
    expect(w.posts[0].init.headers["Content-Type"]).toBe("application/json");
    // The receipt and the endpoint only: never the seat's link (its token) or the text.
    expect(JSON.parse(w.posts[0].init.body)).toEqual({ receipt: "r_abc", endpoint: "https://push.example/abc", event: "shown" });
  });

  it("opens the seat's link when tapped and confirms it opened", async () => {
    const w = worker();
    await w.dispatch("push", pushEvent({ title: "T", body: "B", url: "https://muli.example/t/t_x#tok", receipt: "r_abc" }));
    const notification = { data: w.shown[0].options.data, close: () => undefined };
    await w.dispatch("notificationclick", { notification });
    expect(w.opened).toEqual(["https://muli.example/t/t_x#tok"]);
    expect(w.posts.map((p) => JSON.parse(p.init.body).event)).toEqual(["shown", "opened"]);
  });

  it("confirms nothing for a message without a receipt, or without a subscription", async () => {
    const a = worker();
    await a.dispatch("push", pushEvent({ title: "T", body: "B", url: "/" }));
    expect(a.shown).toHaveLength(1);
    expect(a.posts).toHaveLength(0);
    const b = worker(null);
    await b.dispatch("push", pushEvent({ title: "T", body: "B", url: "/", receipt: "r_abc" }));
    expect(b.shown).toHaveLength(1);
    expect(b.posts).toHaveLength(0);
  });
});
