// Notification delivery against a real HTTP receiver on loopback: the test button through the
// real queue, the three webhook formats, failures and retries, duplicates, quiet hours, digests.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CLAIM_MAX, deliver, DIGEST_WINDOW_MS, flush, recordNotice } from "../../worker/notify/pipeline";
import { notifyQueue } from "../../worker/notify/consumer";
import type { NotifyMessage } from "../../worker/base/notify-messages";
import { tableDb, BASE, createTable } from "./helpers";
import { addChannel, bodyText, createPlayer, eventually, linkSeat, newSubscription, outboxOf, playerRequest, received, receiver } from "./correspondence";

const uid = () => crypto.randomUUID().slice(0, 8);

async function testButton(key: string, channel: number): Promise<string> {
  const res = await playerRequest(key, "POST", `/channels/${channel}/test`);
  expect(res.status).toBe(202);
  return (await res.json<{ outboxId: string }>()).outboxId;
}

async function outboxRow(id: string) {
  return env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<{ status: string; attempts: number; last_error: string | null; payload: string }>();
}

describe("the test button", () => {
  it("delivers through the queue to a JSON webhook and records it as sent", async () => {
    const p = await createPlayer("Anna", { language: "en" });
    const path = `/hook/json-${uid()}`;
    const ch = await addChannel(p.key, { kind: "webhook", url: receiver + path, format: "json" });
    const id = await testButton(p.key, ch);
    const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "webhook request");
    expect(req.method).toBe("POST");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(bodyText(req))).toMatchObject({ type: "muli", kind: "test", title: "Muli: test message" });
    await eventually(async () => (await outboxRow(id))?.status === "sent", 5000, "outbox sent");
    const list = await (await playerRequest(p.key, "GET", "/outbox")).json<{ id: string; status: string; kind: string }[]>();
    expect(list[0]).toMatchObject({ id, status: "sent", kind: "test" });
  });

  it.each([
    ["ntfy", (path: string) => `${receiver}/ntfy-${path}/mytopic`, (body: Record<string, unknown>) => expect(body).toMatchObject({ topic: "mytopic", title: expect.any(String), message: expect.any(String), click: expect.stringContaining("/settings") })],
    ["discord", (path: string) => `${receiver}/discord/${path}`, (body: Record<string, unknown>) => expect(body).toMatchObject({ content: expect.stringContaining("Muli"), allowed_mentions: { parse: [] } })],
  ])("speaks %s's format", async (format, url, check) => {
    const p = await createPlayer();
    const tag = uid();
    const ch = await addChannel(p.key, { kind: "webhook", url: url(tag), format });
    await testButton(p.key, ch);
    const prefix = format === "ntfy" ? `/ntfy-${tag}/` : `/discord/${tag}`;
    const [req] = await eventually(async () => (await received(prefix)).length > 0 && received(prefix), 10_000, `${format} request`);
    if (format === "ntfy") expect(req.path).toBe(`/ntfy-${tag}/`); // the topic moves into the body
    check(JSON.parse(bodyText(req)));
  });
});

describe("delivery faults", () => {
  async function row(kind: "webhook" | "push", url: string) {
    const p = await createPlayer();
    const channel =
      kind === "webhook"
        ? { kind, url }
        : { kind, subscription: (await newSubscription(url)).subscription };
    const ch = await addChannel(p.key, channel);
    const id = `t:${uid()}`;
    await env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, status, attempts, created_at) VALUES (?, ?, ?, ?, 'test', ?, 'queued', 0, ?)")
      .bind(id, p.id, ch, kind, JSON.stringify({ kind: "test", title: "T", text: "x", url: "http://muli.test/", tables: [] }), Date.now())
      .run();
    return { p, ch, id };
  }

  it("retries a failing webhook with back-off and sends it once it answers", async () => {
    const path = `/flaky/2/${uid()}`;
    const { id } = await row("webhook", receiver + path);
    const now = Date.now();
    expect(await deliver(env, id, now)).toBe(30);
    expect(await outboxRow(id)).toMatchObject({ status: "retry", attempts: 1, last_error: "HTTP 503" });
    expect(await deliver(env, id, now + 30_000)).toBe(60);
    expect(await deliver(env, id, now + 90_000)).toBeNull();
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 3 });
    // A duplicate delivery of the same queue message sends nothing more.
    expect(await deliver(env, id, now + 100_000)).toBeNull();
    expect(await received(path)).toHaveLength(3);
  });

  it("gives up on a receiver that refuses the message, without retrying", async () => {
    const { id } = await row("webhook", `${receiver}/status/400/${uid()}`);
    expect(await deliver(env, id, Date.now())).toBeNull();
    expect(await outboxRow(id)).toMatchObject({ status: "failed", last_error: "HTTP 400" });
  });

  it("marks the row dead after the last attempt", async () => {
    const { id } = await row("webhook", `${receiver}/status/500/${uid()}`);
    let retry: number | null = 0;
    let attempts = 0;
    while (retry !== null) {
      retry = await deliver(env, id, Date.now() + attempts * 3_600_000);
      attempts++;
    }
    expect(attempts).toBe(6);
    expect(await outboxRow(id)).toMatchObject({ status: "dead", attempts: 6 });
  });

  it("counts an unreachable webhook as a failure to retry", async () => {
    const { id } = await row("webhook", "http://127.0.0.1:9/nothing-listens-here");
    expect(await deliver(env, id, Date.now())).toBe(30);
    expect((await outboxRow(id))!.status).toBe("retry");
  });

  // 404/410: the subscription expired or was removed; 403 (a subscription made for another VAPID
  // key, after a rotation) and 400 (one the push service cannot use): it will never work again.
  it.each([410, 404, 403, 400])("removes a push subscription the push service refuses for good (%i)", async (status) => {
    const { p, ch, id } = await row("push", `${receiver}/status/${status}/${uid()}`);
    expect(await deliver(env, id, Date.now())).toBeNull();
    expect((await outboxRow(id))!.status).toBe("failed");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE id = ? AND player_id = ?").bind(ch, p.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("treats a push service that answers too slowly as a failure to retry", async () => {
    const { id } = await row("push", `${receiver}/slow/20000/${uid()}`);
    const started = Date.now();
    expect(await deliver(env, id, started)).toBe(30);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);

  it("acks a queue message delivered twice in one batch, sending once; a failure is retried with back-off", async () => {
    const path = `/hook/twice-${uid()}`;
    const { id } = await row("webhook", receiver + path);
    const failing = await row("webhook", `${receiver}/status/503/${uid()}`);
    const msg = (n: number, outboxId: string) => ({ id: `m${n}`, timestamp: new Date(), attempts: 1, body: { type: "deliver", outboxId } as NotifyMessage });
    const batch = createMessageBatch<NotifyMessage>("muli-notify", [msg(1, id), msg(2, id), msg(3, failing.id)]);
    const ctx = createExecutionContext();
    await notifyQueue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m3"]);
    expect(await outboxRow(failing.id)).toMatchObject({ status: "retry", attempts: 1 });
    expect(await received(path)).toHaveLength(1);
  });

  it("marks a dead-lettered delivery dead", async () => {
    const { id } = await row("webhook", `${receiver}/status/503/${uid()}`);
    const batch = createMessageBatch<NotifyMessage>("muli-notify-dead", [{ id: "d1", timestamp: new Date(), attempts: 1, body: { type: "deliver", outboxId: id } }]);
    await notifyQueue(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["d1"]);
    expect((await outboxRow(id))!.status).toBe("dead");
  });

  it("lets only one of two concurrent deliveries send", async () => {
    const path = `/hook/once-${uid()}`;
    const { id } = await row("webhook", receiver + path);
    const now = Date.now();
    await Promise.all([deliver(env, id, now), deliver(env, id, now), deliver(env, id, now)]);
    expect(await received(path)).toHaveLength(1);
  });
});

describe("turn messages", () => {
  /** A player with a webhook, linked to seat `seat` of `n` fresh tables. */
  async function setup(n: number, settings: Record<string, unknown> = {}) {
    const p = await createPlayer("Anna", { language: "en" });
    if (Object.keys(settings).length) expect((await playerRequest(p.key, "PATCH", "", settings)).status).toBe(200);
    const path = `/hook/turns-${uid()}`;
    await addChannel(p.key, { kind: "webhook", url: receiver + path });
    const tables = [];
    for (let i = 0; i < n; i++) {
      const t = await createTable();
      await linkSeat(p.key, t.id, t.seats[1].token);
      tables.push(t);
    }
    const notice = (tableId: string, kind: "turn" | "reminder" = "turn", deadline: number | null = null) =>
      recordNotice(env, { type: "notice", kind, playerId: p.id, tableId, seat: 1, version: 0, deadline }, Date.now());
    return { p, path, tables, notice };
  }

  it("say whose turn, at which table, until when, with the seat's link; a duplicate notice sends nothing more", async () => {
    const { p, path, tables, notice } = await setup(1);
    const deadline = Date.UTC(2026, 11, 2, 13, 0);
    await notice(tables[0].id, "turn", deadline);
    await notice(tables[0].id, "turn", deadline); // the same queue message again
    const now = Date.now();
    await flush(env, p.id, now);
    await flush(env, p.id, now);
    const rows = await outboxOf(p.id);
    expect(rows).toHaveLength(1);
    const m = JSON.parse(rows[0].payload);
    expect(m.kind).toBe("turn");
    expect(m.text).toContain("Bernd");
    expect(m.text).toContain("Anna, Clara and Dora");
    expect(m.text).toContain("2 Dec, 13:00");
    // Kept and sent without the seat token: the table's own link.
    expect(m.url).toBe(`${BASE}/t/${tables[0].id}`);
    expect(rows[0].payload).not.toContain(tables[0].seats[1].token);
    const [req] = await eventually(async () => (await received(path)).length > 0 && received(path), 10_000, "turn message");
    const sent = JSON.parse(bodyText(req));
    expect(sent.url).toBe(`${BASE}/t/${tables[0].id}`);
    expect(sent.tables[0]).toMatchObject({ table: tables[0].id, seat: 1, link: `${BASE}/t/${tables[0].id}`, deadline: "2026-12-02T13:00:00.000Z" });
  });

  it("are dropped when the player acted before they went out", async () => {
    const { p, tables, notice } = await setup(1);
    await notice(tables[0].id);
    await tableDb(tables[0].id).prepare("UPDATE tables SET version = version + 1 WHERE id = ?").bind(tables[0].id).run();
    await flush(env, p.id, Date.now());
    expect(await outboxOf(p.id)).toHaveLength(0);
    const n = await env.DB.prepare("SELECT status FROM notices WHERE player_id = ?").bind(p.id).first<{ status: string }>();
    expect(n!.status).toBe("stale");
  });

  it("wait for the end of quiet hours in the player's time zone", async () => {
    const { p, tables, notice } = await setup(1, { timeZone: "Europe/Vienna", quietHours: { start: "22:00", end: "07:00" } });
    await notice(tables[0].id);
    const night = Date.UTC(2026, 11, 1, 22, 30); // 23:30 in Vienna
    await flush(env, p.id, night);
    expect(await outboxOf(p.id)).toHaveLength(0);
    await flush(env, p.id, Date.UTC(2026, 11, 2, 5, 59)); // 06:59 in Vienna: still quiet
    expect(await outboxOf(p.id)).toHaveLength(0);
    await flush(env, p.id, Date.UTC(2026, 11, 2, 6, 0)); // 07:00 in Vienna
    expect(await outboxOf(p.id)).toHaveLength(1);
  });

  it("composed before quiet hours but coming due inside them (a queue behind, a retry's back-off) wait for their end; the test button does not", async () => {
    const { p, path, tables } = await setup(1, { timeZone: "Europe/Vienna", quietHours: { start: "22:00", end: "07:00" } });
    const ch = (await env.DB.prepare("SELECT id FROM channels WHERE player_id = ?").bind(p.id).first<{ id: number }>())!.id;
    // The row a flush at 21:50 in Vienna made (inserted here: no queue message races the test).
    const put = async (kind: string) => {
      const id = `q:${uid()}`;
      const m = { kind, title: "T", text: kind, url: `${BASE}/t/${tables[0].id}`, tables: kind === "test" ? [] : [{ table: tables[0].id, seat: 1, kind, deadline: null, link: `${BASE}/t/${tables[0].id}` }] };
      await env.DB.prepare("INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, status, attempts, created_at) VALUES (?, ?, ?, 'webhook', ?, ?, 'queued', 0, ?)")
        .bind(id, p.id, ch, kind, JSON.stringify(m), Date.UTC(2026, 11, 1, 20, 50))
        .run();
      return id;
    };
    const takeover = await put("takeover");
    expect(await deliver(env, takeover, Date.UTC(2026, 11, 1, 22, 30))).toBeNull(); // 23:30 in Vienna
    expect(await outboxRow(takeover)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await deliver(env, takeover, Date.UTC(2026, 11, 2, 5, 59))).toBeNull(); // 06:59: still quiet
    expect(await received(path)).toHaveLength(0);
    expect(await deliver(env, takeover, Date.UTC(2026, 11, 2, 6, 0))).toBeNull(); // 07:00: sent
    expect(await outboxRow(takeover)).toMatchObject({ status: "sent", attempts: 1 });
    expect((await received(path)).map((r) => JSON.parse(bodyText(r)).kind)).toEqual(["takeover"]);
    const test = await put("test");
    expect(await deliver(env, test, Date.UTC(2026, 11, 1, 22, 30))).toBeNull();
    expect(await outboxRow(test)).toMatchObject({ status: "sent" });
  });

  it("are claimed a part at a time when hundreds wait (D1 binds at most 100 values a statement)", async () => {
    const { p, tables } = await setup(1);
    const t0 = Date.now();
    // 150 turn notices of one table: only version 0 is the table's own, the rest are stale.
    for (let v = 149; v >= 0; v--) await recordNotice(env, { type: "notice", kind: "turn", playerId: p.id, tableId: tables[0].id, seat: 1, version: v, deadline: null }, t0 - v);
    const counts = async () => Object.fromEntries((await env.DB.prepare("SELECT status, count(*) AS n FROM notices WHERE player_id = ? GROUP BY status").bind(p.id).all<{ status: string; n: number }>()).results.map((r) => [r.status, r.n]));
    await flush(env, p.id, t0);
    expect(await counts()).toMatchObject({ pending: 150 - CLAIM_MAX });
    for (let i = 1; i * CLAIM_MAX < 150; i++) await flush(env, p.id, t0 + i * DIGEST_WINDOW_MS);
    expect(await counts()).toEqual({ sent: 1, stale: 149 });
    expect(await outboxOf(p.id)).toHaveLength(1);
  });

  it("come as one digest when several tables wait", async () => {
    const { p, path, tables, notice } = await setup(3);
    const t0 = Date.now();
    await notice(tables[0].id);
    await flush(env, p.id, t0);
    await notice(tables[1].id);
    await flush(env, p.id, t0 + 60_000);
    await notice(tables[2].id);
    await flush(env, p.id, t0 + 120_000);
    expect(await outboxOf(p.id)).toHaveLength(1); // the others wait for the digest window
    await flush(env, p.id, t0 + DIGEST_WINDOW_MS);
    const rows = await outboxOf(p.id);
    expect(rows).toHaveLength(2);
    const digest = JSON.parse(rows[1].payload);
    expect(digest.kind).toBe("digest");
    expect(digest.title).toBe("Muli: 2 tables are waiting for you");
    expect(digest.tables.map((t: { table: string }) => t.table).sort()).toEqual([tables[1].id, tables[2].id].sort());
    for (const t of [tables[1], tables[2]]) {
      expect(digest.text.split(/\s+/)).toContain(`${BASE}/t/${t.id}`);
      expect(rows[1].payload).not.toContain(t.seats[1].token);
    }
    const sent = await eventually(async () => { const r = await received(path); return r.length === 2 && r; }, 10_000, "two messages");
    const text = sent.map((r) => JSON.parse(bodyText(r)).text as string).find((x) => x.includes("•"))!;
    expect(text.split(/\s+/)).toContain(`${BASE}/t/${tables[1].id}`);
    expect(text.split(/\s+/)).toContain(`${BASE}/t/${tables[2].id}`);
  });
});

describe("e-mail", () => {
  it("goes out through the send_email binding", async () => {
    const p = await createPlayer();
    const ch = await addChannel(p.key, { kind: "email", address: "anna@example.com" });
    const id = await testButton(p.key, ch);
    const row = await eventually(async () => {
      const r = await outboxRow(id);
      return r && ["sent", "failed", "retry"].includes(r.status) ? r : undefined;
    }, 10_000, "e-mail delivery");
    expect(row, JSON.stringify(row)).toMatchObject({ status: "sent" });
  });
});
