// Every kind of channel in the list (worker/notify/channels/index.ts), through the same doors: the
// route refuses a bad input with 400 and the right code and stores nothing; a good one is stored
// and the test button sends by it (to the loopback receiver; e-mail at the binding); how each
// sending went lands in the outbox, the player's sent log and the operator's delivery view; and
// where this server does not offer the kind, the player and the operator are told why and no
// message goes by it (no failed row). A kind added to the list without its case here does not
// compile (the cases are a record over the kinds' names) and fails the first test.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { CHANNEL_KINDS, type ChannelKindName } from "../../worker/notify/channels";
import { flush, recordNotice } from "../../worker/notify/pipeline";
import { BASE, createTable, stored } from "./helpers";
import { bodyText, createPlayer, eventually, linkSeat, newSubscription, outboxOf, pauth, received, receiver, type Player } from "./correspondence";
import { decrypt } from "./push-reader";

const uid = () => crypto.randomUUID().slice(0, 8);
const OPERATOR_KEY = "op_" + crypto.randomUUID();
type Env = typeof env;

/** A capturing `send_email` binding: mails kept as raw MIME; `refuse` makes it throw as the Email Service does for a recipient it will not take. */
function mailbox(refuse?: string) {
  const mails: string[] = [];
  const EMAIL = {
    async send(m: unknown) {
      if (refuse) throw new Error(refuse);
      // The local runtime's EmailMessage keeps the raw MIME under this name.
      const raw = (m as Record<string, unknown>)["EmailMessage::raw"];
      mails.push(typeof raw === "string" ? raw : await new Response(raw as ReadableStream).text());
    },
  };
  return { mails, EMAIL };
}

/** What one kind needs in this test: a good input, bad ones, where a sending arrives, a sending that fails, and how to make the server not offer it. */
interface Case {
  /** A good input whose sendings reach `read`; `failing`: one whose sendings fail for good. */
  input(tag: string, failing?: boolean): Promise<{ body: Record<string, unknown>; read: () => Promise<string[]> }>;
  /** Inputs the route refuses, with the code. */
  bad: [what: string, body: Record<string, unknown>, code: string][];
  /** Bindings that make this server not offer the kind, and the code it then gives; null for a kind always offered. */
  notOffered: { env: Record<string, unknown>; code: string } | null;
  /** The reason the operator's view gives for a failing sending. */
  failureReason: string;
}

/** The env every request of a test runs with: no queue (the test button's delivery runs at once), e-mail captured. */
let current: Record<string, unknown> = {};
const box = { ok: mailbox(), refusing: mailbox("destination address is not verified") };

const cases: Record<ChannelKindName, Case> = {
  push: {
    async input(tag, failing) {
      const path = failing ? `/status/410/kinds-${tag}` : `/push/kinds-${tag}`;
      const sub = await newSubscription(receiver + path);
      return {
        body: { kind: "push", subscription: sub.subscription },
        read: async () => Promise.all((await received(path)).map((r) => decrypt(Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)), sub.privateKey, sub.publicRaw, sub.auth))),
      };
    },
    bad: [
      ["a key of the wrong length", { kind: "push", subscription: { endpoint: `${receiver}/push/x`, keys: { p256dh: "AAAA", auth: "AAAAAAAAAAAAAAAAAAAAAA" } } }, "INVALID_CHANNEL"],
      ["no subscription", { kind: "push" }, "INVALID_CHANNEL"],
      ["an endpoint with a password", { kind: "push", subscription: { endpoint: "http://anna:secret@127.0.0.1/push", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } } }, "INVALID_CHANNEL"],
    ],
    notOffered: { env: { VAPID_PUBLIC_KEY: undefined }, code: "NO_PUSH_KEYS" },
    failureReason: "HTTP 410",
  },
  email: {
    async input(tag, failing) {
      const address = `anna-${tag}@example.com`;
      if (failing) current = { ...current, EMAIL: box.refusing.EMAIL };
      const mails = failing ? box.refusing.mails : box.ok.mails;
      return { body: { kind: "email", address }, read: async () => mails.filter((m) => m.includes(`<${address}>`)) };
    },
    bad: [
      ["an address that is not one", { kind: "email", address: "anna" }, "INVALID_CHANNEL"],
      ["no address", { kind: "email" }, "INVALID_CHANNEL"],
    ],
    notOffered: { env: { EMAIL: undefined }, code: "NO_EMAIL_BINDING" },
    failureReason: "recipient refused by the e-mail service",
  },
  webhook: {
    async input(tag, failing) {
      const path = failing ? `/status/400/kinds-${tag}` : `/hook/kinds-${tag}`;
      return { body: { kind: "webhook", url: receiver + path, format: "json" }, read: async () => (await received(path)).map(bodyText) };
    },
    bad: [
      ["a URL that is not one", { kind: "webhook", url: "not a url" }, "INVALID_CHANNEL"],
      ["an ftp URL", { kind: "webhook", url: "ftp://example.com/hook" }, "INVALID_CHANNEL"],
      ["a URL with a password", { kind: "webhook", url: "http://anna:secret@127.0.0.1/hook" }, "INVALID_CHANNEL"],
      ["an ntfy URL without its topic", { kind: "webhook", url: "https://ntfy.sh/", format: "ntfy" }, "INVALID_CHANNEL"],
    ],
    notOffered: null,
    failureReason: "HTTP 400",
  },
};

async function call(method: string, path: string, key: string | null, body?: unknown) {
  const headers: Record<string, string> = key ? pauth(key) : {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const ctx = createExecutionContext();
  const e = { ...env, NOTIFY: undefined, EMAIL: box.ok.EMAIL, OPERATOR_KEY, ...current } as unknown as Env;
  const res = await worker.fetch(new Request(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), e, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const channelCount = async (p: Player) => (await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE player_id = ?").bind(p.id).first<{ n: number }>())!.n;

async function operatorView() {
  const res = await call("GET", "/api/operator/deliveries", OPERATOR_KEY);
  expect(res.status).toBe(200);
  return res.json<{ byChannel: Record<string, Record<string, number>>; failures: { channel: string; status: string; reason: string; count: number }[]; unavailable: { channel: string; reason: string; channels: number }[] }>();
}

describe("every kind of channel", () => {
  it("has its case here", () => {
    expect(Object.keys(cases).sort()).toEqual(CHANNEL_KINDS.map((k) => k.kind).sort());
  });

  describe.each(CHANNEL_KINDS.map((k) => k.kind))("%s", (kind) => {
    const c = cases[kind];

    it("refuses bad input with 400 and its code, storing nothing", async () => {
      current = {};
      const p = await createPlayer();
      for (const [what, body, code] of c.bad) {
        const res = await call("POST", "/api/players/me/channels", p.key, body);
        expect(res.status, what).toBe(400);
        const error = (await res.json<{ error: { code: string; message: string } }>()).error;
        expect(error.code, what).toBe(code);
        expect(error.message.length, what).toBeGreaterThan(3);
      }
      expect(await channelCount(p)).toBe(0);
    });

    it("sends the test message by it and records it as sent, for the player and the operator", async () => {
      current = {};
      const p = await createPlayer("Anna", { language: "en" });
      const { body, read } = await c.input(uid());
      const made = await call("POST", "/api/players/me/channels", p.key, body);
      expect(made.status, await made.clone().text()).toBe(201);
      const { id, label } = await made.json<{ id: number; label: string }>();
      expect(label.length).toBeGreaterThan(0);
      const before = (await operatorView()).byChannel[kind]?.sent ?? 0;
      expect((await call("POST", `/api/players/me/channels/${id}/test`, p.key, {})).status).toBe(202);
      const got = await eventually(async () => {
        const r = await read();
        return r.length > 0 && r;
      }, 10_000, `${kind} test message`);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatch(/Muli/);
      expect((await outboxOf(p.id)).map((r) => [r.channel_kind, r.kind, r.status])).toEqual([[kind, "test", "sent"]]);
      const log = await (await call("GET", "/api/players/me/outbox", p.key)).json<{ channel: string; status: string }[]>();
      expect(log.map((o) => [o.channel, o.status])).toEqual([[kind, "sent"]]);
      expect((await operatorView()).byChannel[kind].sent).toBe(before + 1);
    });

    it("records a sending that fails for good as failed, with a reason the operator sees", async () => {
      current = {};
      const p = await createPlayer();
      const { body } = await c.input(uid(), true);
      const made = await call("POST", "/api/players/me/channels", p.key, body);
      expect(made.status, await made.clone().text()).toBe(201);
      const { id } = await made.json<{ id: number }>();
      expect((await call("POST", `/api/players/me/channels/${id}/test`, p.key, {})).status).toBe(202);
      const [row] = await outboxOf(p.id);
      expect(row).toMatchObject({ channel_kind: kind, status: "failed" });
      const view = await operatorView();
      expect(view.failures).toEqual(expect.arrayContaining([expect.objectContaining({ channel: kind, status: "failed", reason: c.failureReason })]));
      expect(JSON.stringify(view)).not.toContain(p.id);
    });

    it("where this server does not offer it: refused with 400 CHANNEL_UNAVAILABLE, said on the profile, never sent, counted for the operator", async () => {
      const no = c.notOffered;
      if (!no) {
        // Offered whatever the bindings: the profile says so.
        current = { VAPID_PUBLIC_KEY: undefined, EMAIL: undefined, EMAIL_FROM: undefined };
        const p = await createPlayer();
        const me = await (await call("GET", "/api/players/me", p.key)).json<{ available: Record<string, boolean>; unavailable: Record<string, string | null> }>();
        expect(me.available[kind]).toBe(true);
        expect(me.unavailable[kind]).toBeNull();
        return;
      }
      // Made while the server offered it (a channel from before the operator removed a binding).
      current = {};
      const p = await createPlayer("Anna", { language: "en", resendAfter: null });
      const { body, read } = await c.input(uid());
      const made = await call("POST", "/api/players/me/channels", p.key, body);
      expect(made.status).toBe(201);
      const { id } = await made.json<{ id: number }>();
      const t = await createTable();
      const seat = (await stored(t.id)).state.toAct[0];
      await linkSeat(p.key, t.id, t.seats[seat].token);

      current = no.env;
      const refused = await call("POST", "/api/players/me/channels", p.key, (await c.input(uid())).body);
      expect(refused.status).toBe(400);
      expect((await refused.json<{ error: { code: string } }>()).error.code).toBe("CHANNEL_UNAVAILABLE");
      expect(await channelCount(p)).toBe(1);

      const me = await (await call("GET", "/api/players/me", p.key)).json<{ available: Record<string, boolean>; unavailable: Record<string, string | null>; channels: { id: number; unavailable: string | null }[] }>();
      expect(me.available[kind]).toBe(false);
      expect(me.unavailable[kind]).toBe(no.code);
      expect(me.channels).toEqual([expect.objectContaining({ id, unavailable: no.code })]);

      const test = await call("POST", `/api/players/me/channels/${id}/test`, p.key, {});
      expect(test.status).toBe(400);
      expect((await test.json<{ error: { code: string } }>()).error.code).toBe("CHANNEL_UNAVAILABLE");

      // A turn: no row that can only fail; the notice waits for a channel that can carry it.
      const e = { ...env, NOTIFY: undefined, EMAIL: box.ok.EMAIL, ...no.env } as unknown as Env;
      await recordNotice(e, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat, version: 0, deadline: null }, Date.now());
      await flush(e, p.id, Date.now());
      expect(await outboxOf(p.id)).toEqual([]);
      expect(await read()).toEqual([]);
      const pending = await env.DB.prepare("SELECT status FROM notices WHERE player_id = ?").bind(p.id).all<{ status: string }>();
      expect(pending.results.map((r) => r.status)).toEqual(["pending"]);

      const view = await operatorView();
      expect(view.unavailable).toEqual(expect.arrayContaining([expect.objectContaining({ channel: kind, reason: no.code })]));
      expect(view.unavailable.find((u) => u.channel === kind)!.channels).toBeGreaterThanOrEqual(1);

      // Offered again: the waiting notice goes out by it.
      current = {};
      await flush({ ...env, NOTIFY: undefined, EMAIL: box.ok.EMAIL } as unknown as Env, p.id, Date.now());
      expect((await outboxOf(p.id)).map((r) => [r.channel_kind, r.status])).toEqual([[kind, "sent"]]);
    });
  });
});
