// The daily cron: finished notices and outbox rows older than 30 days go; recent ones and anything
// still in flight stay, whatever its age; a second run finds nothing more to do.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { KEEP_MS, pruneNotifications } from "../../worker/notify/prune";

const DAY = 86_400_000;
const uid = () => crypto.randomUUID().slice(0, 8);

async function notice(id: string, status: string, createdAt: number) {
  await env.DB.prepare(
    "INSERT INTO notices (id, player_id, table_id, seat, version, kind, deadline, status, claimed_at, created_at) VALUES (?, ?, 't_x', 0, 1, 'turn', NULL, ?, NULL, ?)",
  )
    .bind(id, `p_${id}`, status, createdAt)
    .run();
}

async function outbox(id: string, status: string, createdAt: number) {
  await env.DB.prepare(
    "INSERT INTO outbox (id, player_id, channel_id, channel_kind, kind, payload, links, status, attempts, lease_until, last_error, created_at, sent_at) VALUES (?, ?, 1, 'webhook', 'turn', '{}', NULL, ?, 1, NULL, NULL, ?, NULL)",
  )
    .bind(id, `p_${id}`, status, createdAt)
    .run();
}

async function left(table: "notices" | "outbox", ids: string[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT id FROM ${table} WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY id`)
    .bind(...ids)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** One row of every status, old (31 days before `now`) and recent (29 days). */
async function seed(now: number) {
  const tag = uid();
  const n = (s: string, age: string) => `${tag}-n-${s}-${age}`;
  const o = (s: string, age: string) => `${tag}-o-${s}-${age}`;
  const ages = { old: now - 31 * DAY, recent: now - 29 * DAY };
  for (const [age, at] of Object.entries(ages)) {
    for (const s of ["pending", "claimed", "sent", "stale"]) await notice(n(s, age), s, at);
    for (const s of ["queued", "sending", "retry", "sent", "failed", "dead"]) await outbox(o(s, age), s, at);
  }
  const notices = ["pending", "claimed", "sent", "stale"].flatMap((s) => [n(s, "old"), n(s, "recent")]);
  const outboxes = ["queued", "sending", "retry", "sent", "failed", "dead"].flatMap((s) => [o(s, "old"), o(s, "recent")]);
  return {
    notices,
    outboxes,
    keptNotices: notices.filter((id) => !/-(sent|stale)-old$/.test(id)).sort(),
    keptOutbox: outboxes.filter((id) => !/-(sent|failed|dead)-old$/.test(id)).sort(),
  };
}

describe("pruning notifications", () => {
  it("deletes finished rows past the cut-off and nothing else", async () => {
    const now = Date.now();
    const rows = await seed(now);
    const pruned = await pruneNotifications(env.DB, now - KEEP_MS);
    expect(await left("notices", rows.notices)).toEqual(rows.keptNotices);
    expect(await left("outbox", rows.outboxes)).toEqual(rows.keptOutbox);
    // At least ours went (other test files may have left old finished rows of their own).
    expect(pruned.notices).toBeGreaterThanOrEqual(2);
    expect(pruned.outbox).toBeGreaterThanOrEqual(3);

    // A second run is harmless: nothing more of ours goes.
    await pruneNotifications(env.DB, now - KEEP_MS);
    expect(await left("notices", rows.notices)).toEqual(rows.keptNotices);
    expect(await left("outbox", rows.outboxes)).toEqual(rows.keptOutbox);
  });

  it("runs from the Worker's scheduled handler, with the cron's time as now", async () => {
    const now = Date.now();
    const rows = await seed(now);
    // A run scheduled 2 days later: the 29-day-old rows are then 31 days old and go too.
    const later = now + 2 * DAY;
    // Called the way the runtime calls it, (controller, env, ctx).
    const scheduled: ExportedHandlerScheduledHandler<typeof env> = worker.scheduled;
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      await scheduled(createScheduledController({ scheduledTime: later, cron: "17 3 * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
      expect(await left("notices", rows.notices)).toEqual(rows.notices.filter((id) => /-(pending|claimed)-/.test(id)).sort());
      expect(await left("outbox", rows.outboxes)).toEqual(rows.outboxes.filter((id) => /-(queued|sending|retry)-/.test(id)).sort());
    }
  });
});
