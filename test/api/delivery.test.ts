// Delivery you can trust (worker/notify/escalation.ts, worker/api/receipts.ts): the service
// worker confirms a push message shown or opened with the receipt inside it; a turn message not
// confirmed within the player's time goes once more by the next kind of channel, unless the
// player acted meanwhile. The push messages go to the loopback receiver and are decrypted here
// with the subscription's private key, as the browser would.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flush, handle, recordNotice } from "../../worker/notify/pipeline";
import { KEEP_MS, KEEP_PER_PLAYER, pruneNotifications } from "../../worker/notify/prune";
import { BASE, act, chooseAction, createTable, stored, view } from "./helpers";
import { addChannel, bodyText, createPlayer, drainQueue, eventually, linkSeat, newSubscription, outboxOf, playerRequest, received, receiver, type Player } from "./correspondence";
import { decrypt } from "./push-reader";
import { tableStub } from "../../worker/table/stub";

const uid = () => crypto.randomUUID().slice(0, 8);
const HOUR = 3_600_000;
/** A few seconds on a quiet machine (several real deliveries through the queue); 5 s runs out under load. */
const ROOM = 30_000;

type Sub = Awaited<ReturnType<typeof newSubscription>>;

/** A player with a push channel (and whatever else `more` adds), linked to the first seat to act at a fresh table. */
async function setup(more: ("email" | "webhook")[] = ["webhook"], settings: Record<string, unknown> = {}) {
  const p = await createPlayer("Anna", { language: "en" });
  if (Object.keys(settings).length) expect((await playerRequest(p.key, "PATCH", "", settings)).status).toBe(200);
  const pushPath = `/push/${uid()}`;
  const hookPath = `/hook/again-${uid()}`;
  const sub = await newSubscription(receiver + pushPath);
  await addChannel(p.key, { kind: "push", subscription: sub.subscription });
  for (const kind of more) await addChannel(p.key, kind === "email" ? { kind: "email", address: "anna@example.com" } : { kind: "webhook", url: receiver + hookPath });
  const t = await createTable();
  const seat = (await stored(t.id)).state.toAct[0];
  await linkSeat(p.key, t.id, t.seats[seat].token);
  const now = Date.now();
  await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat, version: 0, deadline: null }, now);
  await flush(env, p.id, now);
  return { p, t, seat, sub, pushPath, hookPath, now };
}

/** The push messages the receiver got at `path`, decrypted. */
async function pushes(path: string, sub: Sub, count = 1): Promise<{ title: string; url: string; receipt?: string }[]> {
  const reqs = await eventually(async () => {
    const r = await received(path);
    return r.length >= count && r;
  }, 10_000, "push message");
  return Promise.all(reqs.map(async (r) => JSON.parse(await decrypt(Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)), sub.privateKey, sub.publicRaw, sub.auth))));
}

const confirm = (body: unknown) => SELF.fetch(`${BASE}/api/receipts`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const messageIdOf = async (playerId: string) => (await env.DB.prepare("SELECT message_id AS id FROM outbox WHERE player_id = ? AND resent = 0").bind(playerId).first<{ id: string }>())!.id;

/** Let the escalation's delayed queue message arrive at `at`. */
const escalateAt = async (p: Player, at: number) => handle(env, { type: "escalate", messageId: await messageIdOf(p.id) }, at);

describe("a push message not confirmed", { timeout: ROOM }, () => {
  it("goes first by push only, then once by the next kind of channel when the time is up", async () => {
    const { p, t, seat, sub, pushPath, hookPath, now } = await setup(["webhook"]);
    expect((await outboxOf(p.id)).map((r) => r.channel_kind)).toEqual(["push"]);
    const [m] = await pushes(pushPath, sub);
    expect(m.receipt).toMatch(/^r_[A-Za-z0-9_-]{22}$/);
    // Not yet: the player's time (2 h by default) is not up.
    await escalateAt(p, now + HOUR);
    expect(await outboxOf(p.id)).toHaveLength(1);
    // Up: the webhook gets the message, once, however often the queue delivers the check.
    await escalateAt(p, now + 2 * HOUR + 1000);
    await escalateAt(p, now + 2 * HOUR + 2000);
    await escalateAt(p, now + 3 * HOUR);
    const rows = await outboxOf(p.id);
    expect(rows.map((r) => r.channel_kind)).toEqual(["push", "webhook"]);
    const [req] = await eventually(async () => (await received(hookPath)).length > 0 && received(hookPath), 10_000, "webhook");
    const sent = JSON.parse(bodyText(req));
    expect(sent).toMatchObject({ kind: "turn", url: `${BASE}/t/${t.id}` });
    await drainQueue();
    expect(await received(hookPath)).toHaveLength(1);
    // The sent log says so: the push was sent again, the webhook row is that second sending.
    const log = await (await playerRequest(p.key, "GET", "/outbox")).json<{ channel: string; escalatedAt: number | null; resent: boolean; shownAt: number | null }[]>();
    expect(log.find((o) => o.channel === "push")).toMatchObject({ escalatedAt: now + 2 * HOUR + 1000, resent: false, shownAt: null });
    expect(log.find((o) => o.channel === "webhook")).toMatchObject({ resent: true });
  });

  it("goes to e-mail before webhooks, and not to both", async () => {
    const { p, now } = await setup(["webhook", "email"]);
    await escalateAt(p, now + 2 * HOUR);
    expect((await outboxOf(p.id)).map((r) => r.channel_kind)).toEqual(["push", "email"]);
  });

  it("waits the time the player set, and never when they chose never (every channel at once)", async () => {
    const a = await setup(["webhook"], { resendAfter: 15 });
    await escalateAt(a.p, a.now + 15 * 60_000);
    expect((await outboxOf(a.p.id)).map((r) => r.channel_kind)).toEqual(["push", "webhook"]);

    const b = await setup(["webhook"], { resendAfter: null });
    expect((await outboxOf(b.p.id)).map((r) => r.channel_kind).sort()).toEqual(["push", "webhook"]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM escalations WHERE player_id = ?").bind(b.p.id).first("n")).toBe(0);
  });

  it("goes by the next channel at once when the push service refuses it for good", async () => {
    const p = await createPlayer("Anna", { language: "en" });
    const hookPath = `/hook/gone-${uid()}`;
    const sub = await newSubscription(`${receiver}/status/410`);
    await addChannel(p.key, { kind: "push", subscription: sub.subscription });
    await addChannel(p.key, { kind: "webhook", url: receiver + hookPath });
    const t = await createTable();
    const seat = (await stored(t.id)).state.toAct[0];
    await linkSeat(p.key, t.id, t.seats[seat].token);
    await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat, version: 0, deadline: null }, Date.now());
    await flush(env, p.id, Date.now());
    await eventually(async () => (await received(hookPath)).length > 0, 10_000, "webhook after a gone push");
    expect((await outboxOf(p.id)).map((r) => [r.channel_kind, r.status])).toEqual([["push", "failed"], ["webhook", "sent"]]);
  });
});

describe("the wait", { timeout: ROOM }, () => {
  it("is a queue message delayed by the player's time, not a timer of its own", async () => {
    const p = await createPlayer("Anna", { language: "en" });
    expect((await playerRequest(p.key, "PATCH", "", { resendAfter: 240 })).status).toBe(200);
    const sub = await newSubscription(`${receiver}/push/${uid()}`);
    await addChannel(p.key, { kind: "push", subscription: sub.subscription });
    await addChannel(p.key, { kind: "webhook", url: `${receiver}/hook/wait-${uid()}` });
    const t = await createTable();
    const seat = (await stored(t.id)).state.toAct[0];
    await linkSeat(p.key, t.id, t.seats[seat].token);
    const sent: { body: { type: string }; delaySeconds?: number }[] = [];
    const queue = { sendBatch: async (batch: typeof sent) => void sent.push(...batch) } as unknown as Queue;
    const now = Date.now();
    await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat, version: 0, deadline: null }, now);
    await flush({ ...env, NOTIFY: queue }, p.id, now);
    expect(sent.map((m) => [m.body.type, m.delaySeconds])).toEqual([["deliver", 0], ["escalate", 4 * 3600]]);
    // Delivered early (or again), the check finds its time not up and queues what is left.
    sent.length = 0;
    await handle({ ...env, NOTIFY: queue }, { type: "escalate", messageId: await messageIdOf(p.id) }, now + 3 * HOUR);
    expect(sent.map((m) => [m.body.type, m.delaySeconds])).toEqual([["escalate", 3600]]);
  });
});

describe("no second sending", { timeout: ROOM }, () => {
  it("for a push message its device confirmed shown", async () => {
    const { p, sub, pushPath, hookPath, now } = await setup(["webhook"]);
    const [m] = await pushes(pushPath, sub);
    const res = await confirm({ receipt: m.receipt, endpoint: sub.subscription.endpoint, event: "shown" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    await escalateAt(p, now + 3 * HOUR);
    expect((await outboxOf(p.id)).map((r) => r.channel_kind)).toEqual(["push"]);
    expect(await received(hookPath)).toHaveLength(0);
    const [o] = await (await playerRequest(p.key, "GET", "/outbox")).json<{ shownAt: number | null; openedAt: number | null; escalatedAt: number | null }[]>();
    expect(o.shownAt).toBeGreaterThan(0);
    expect(o.openedAt).toBeNull();
    expect(o.escalatedAt).toBeNull();
    // Opened: the tap is recorded beside it; the first display time stays.
    expect((await confirm({ receipt: m.receipt, endpoint: sub.subscription.endpoint, event: "opened" })).status).toBe(204);
    const [o2] = await (await playerRequest(p.key, "GET", "/outbox")).json<{ shownAt: number; openedAt: number | null }[]>();
    expect(o2.shownAt).toBe(o.shownAt);
    expect(o2.openedAt).toBeGreaterThanOrEqual(o.shownAt!);
  });

  it("when the player acted meanwhile", async () => {
    const { p, t, seat, hookPath, now } = await setup(["webhook"]);
    const s = await stored(t.id);
    const v = await view(t.id, t.seats[seat].token);
    expect((await act(t.id, t.seats[seat].token, v.version, await chooseAction(v, s.state, "delivery"))).status).toBe(200);
    await escalateAt(p, now + 3 * HOUR);
    expect((await outboxOf(p.id)).map((r) => r.channel_kind)).toEqual(["push"]);
    expect(await env.DB.prepare("SELECT status FROM escalations WHERE player_id = ?").bind(p.id).first("status")).toBe("acted");
    expect(await received(hookPath)).toHaveLength(0);
  });

  it("for the reminder of a turn already sent again (at most once per turn)", async () => {
    const { p, t, seat, now } = await setup(["webhook"]);
    await escalateAt(p, now + 2 * HOUR);
    // The reminder of the same decision, later: by push only, and not again by the webhook.
    const later = now + 5 * HOUR;
    await recordNotice(env, { type: "notice", kind: "reminder", playerId: p.id, tableId: t.id, seat, version: 0, deadline: null }, later);
    await flush(env, p.id, later);
    const reminder = (await env.DB.prepare("SELECT message_id AS id FROM outbox WHERE player_id = ? AND kind = 'reminder'").bind(p.id).first<{ id: string }>())!.id;
    await handle(env, { type: "escalate", messageId: reminder }, later + 3 * HOUR);
    expect((await outboxOf(p.id)).map((r) => [r.kind, r.channel_kind])).toEqual([["turn", "push"], ["turn", "webhook"], ["reminder", "push"]]);
  });


  it("for a player who opened the table since, on any device", async () => {
    /** A player with push and a webhook, at the seat asked after one move (version 1). */
    const oneMoveIn = async () => {
      const p = await createPlayer("Anna", { language: "en" });
      await addChannel(p.key, { kind: "push", subscription: (await newSubscription(`${receiver}/push/${uid()}`)).subscription });
      await addChannel(p.key, { kind: "webhook", url: `${receiver}/hook/looked-${uid()}` });
      // The seat asked at version 1 must not be the one that cut (its move showed it version 1);
      // after a white hand the same dealer deals again and the same seat cuts, so such a table is
      // set aside.
      for (;;) {
        const t = await createTable();
        const s = await stored(t.id);
        const cutter = s.state.toAct[0];
        const v = await view(t.id, t.seats[cutter].token);
        expect((await act(t.id, t.seats[cutter].token, v.version, await chooseAction(v, s.state, "looked"))).status).toBe(200);
        const seat = (await stored(t.id)).state.toAct[0];
        if (seat === cutter) continue;
        await linkSeat(p.key, t.id, t.seats[seat].token);
        const now = Date.now();
        await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: t.id, seat, version: 1, deadline: null }, now);
        await flush(env, p.id, now);
        return { p, t, seat, now };
      }
    };
    // What the queue handler asks the table objects (worker/index.ts).
    const seen = (table: string, seat: number) => tableStub(env, table).seenVersion(seat);
    const looked = await oneMoveIn();
    await view(looked.t.id, looked.t.seats[looked.seat].token);
    await handle(env, { type: "escalate", messageId: await messageIdOf(looked.p.id) }, looked.now + 3 * HOUR, seen);
    expect((await outboxOf(looked.p.id)).map((r) => r.channel_kind)).toEqual(["push"]);
    expect(await env.DB.prepare("SELECT status FROM escalations WHERE player_id = ?").bind(looked.p.id).first("status")).toBe("seen");
    // Not opened: sent again.
    const away = await oneMoveIn();
    await handle(env, { type: "escalate", messageId: await messageIdOf(away.p.id) }, away.now + 3 * HOUR, seen);
    expect((await outboxOf(away.p.id)).map((r) => r.channel_kind)).toEqual(["push", "webhook"]);
  });
});

describe("a receipt", { timeout: ROOM }, () => {
  it("is refused from another player's device, and when made up, without telling anything", async () => {
    const a = await setup(["webhook"]);
    const [m] = await pushes(a.pushPath, a.sub);
    const b = await createPlayer("Bernd");
    const bSub = await newSubscription(`${receiver}/push/${uid()}`);
    await addChannel(b.key, { kind: "push", subscription: bSub.subscription });
    const stolen = await confirm({ receipt: m.receipt, endpoint: bSub.subscription.endpoint, event: "shown" });
    expect(stolen.status).toBe(404);
    expect((await stolen.json<{ error: { code: string } }>()).error.code).toBe("UNKNOWN_RECEIPT");
    const madeUp = await confirm({ receipt: "r_" + "A".repeat(22), endpoint: a.sub.subscription.endpoint, event: "shown" });
    expect(madeUp.status).toBe(404);
    expect((await madeUp.json<{ error: { code: string } }>()).error.code).toBe("UNKNOWN_RECEIPT");
    // Still unconfirmed: the second sending goes out.
    await escalateAt(a.p, a.now + 2 * HOUR);
    expect((await outboxOf(a.p.id)).map((r) => r.channel_kind)).toEqual(["push", "webhook"]);
  });

  it("must be well formed", async () => {
    for (const body of [{}, { receipt: "x", endpoint: "https://a", event: "shown" }, { receipt: "r_" + "A".repeat(22), endpoint: "https://a", event: "read" }]) {
      const res = await confirm(body);
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
    }
  });

  it("is nowhere in what the server keeps or shows (only its hash)", async () => {
    const { p, sub, pushPath } = await setup(["webhook"]);
    const [m] = await pushes(pushPath, sub);
    const rows = await env.DB.prepare("SELECT * FROM outbox WHERE player_id = ?").bind(p.id).all();
    expect(JSON.stringify(rows.results)).not.toContain(m.receipt);
    expect(await (await playerRequest(p.key, "GET", "/outbox")).text()).not.toContain(m.receipt);
  });
});

describe("the setting", { timeout: ROOM }, () => {
  it("defaults to 2 hours, takes the offered choices and null, refuses others", async () => {
    const p = await createPlayer();
    expect((await (await playerRequest(p.key, "GET", "")).json<{ resendAfter: number | null }>()).resendAfter).toBe(120);
    const set = await playerRequest(p.key, "PATCH", "", { resendAfter: 30 });
    expect((await set.json<{ resendAfter: number | null }>()).resendAfter).toBe(30);
    expect((await (await playerRequest(p.key, "PATCH", "", { resendAfter: null })).json<{ resendAfter: number | null }>()).resendAfter).toBeNull();
    for (const bad of [0, 7, -15, "2h", 100000]) {
      const res = await playerRequest(p.key, "PATCH", "", { resendAfter: bad });
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
    }
  });
});

describe("the sent log", { timeout: ROOM }, () => {
  it("shows the last 20 messages, and the daily pruning keeps each player's rows bounded", async () => {
    const p = await createPlayer();
    const ch = await addChannel(p.key, { kind: "webhook", url: `${receiver}/hook/log-${uid()}` });
    const now = Date.now();
    const n = KEEP_PER_PLAYER + 5;
    const insert = env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, status, attempts, created_at) VALUES (?, ?, ?, 'webhook', 'turn', ?, 'sent', 1, ?)");
    await env.DB.batch(Array.from({ length: n }, (_, i) => insert.bind(`log-${p.id}-${i}`, p.id, ch, JSON.stringify({ kind: "turn", title: `T${i}`, text: "x", url: `${BASE}/`, tables: [] }), now - (n - i) * 60_000)));
    const log = await (await playerRequest(p.key, "GET", "/outbox")).json<{ message: { title: string } }[]>();
    expect(log.map((o) => o.message.title)).toEqual(Array.from({ length: 20 }, (_, i) => `T${n - 1 - i}`));
    await pruneNotifications(env.DB, now - KEEP_MS);
    const left = await env.DB.prepare("SELECT id FROM outbox WHERE player_id = ? ORDER BY created_at").bind(p.id).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(Array.from({ length: KEEP_PER_PLAYER }, (_, i) => `log-${p.id}-${i + 5}`));
  });
});
