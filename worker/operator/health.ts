// GET /api/health: whether this Worker can do its work, each piece checked for real (README,
// "Health"): the D1 directory and every table database read, the records bucket answers, a
// table's Durable Object answers, the notification queue takes a message, and the required
// configuration is there. Optional channels (push, e-mail) are reported, never failed. Details
// name bindings and counts only, never a secret's value.
import { keyFault, keyRingOf } from "../base/link-crypto";
import type { Env } from "../base/env";
import { logEvent } from "../base/log";
import { databaseNames } from "../db/placement";
import { tableStub } from "../table/stub";

export interface Check {
  ok: boolean;
  ms: number;
  detail: string;
}

export interface Health {
  ok: boolean;
  checks: Record<string, Check>;
}

/** A check slower than this has failed: a monitor must hear back, and soon. */
const CHECK_TIMEOUT_MS = 5000;
/** The object the check reaches: no table has this name (ids are `t_…`), so it loads nothing. */
const PROBE_TABLE = "~health";
/** The queue message the check sends: a flush for a player that cannot exist, which reads one row and ends. */
const PROBE_PLAYER = "~health";
/** A monitor may poll often: one result serves every poll within this window (per isolate and environment). */
const REUSE_MS = 5000;

class CheckFailed extends Error {}

async function timed(run: () => Promise<string>): Promise<Check> {
  const start = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    const detail = await Promise.race([run(), timeout]);
    return { ok: true, ms: Date.now() - start, detail };
  } catch (e) {
    // A binding's own error says which piece is wrong (no such table, no such bucket), never a secret.
    const detail = e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200);
    return { ok: false, ms: Date.now() - start, detail };
  } finally {
    clearTimeout(timer);
  }
}

const binding = <T>(env: Env, name: string): T => {
  const b = (env as unknown as Record<string, unknown>)[name];
  if (!b) throw new CheckFailed(`${name} is not bound`);
  return b as T;
};

/** The D1 bindings that hold tables (TABLE_DATABASES), each once. */
const tableDatabases = (env: Env): string[] => databaseNames(env.TABLE_DATABASES);

async function d1(env: Env): Promise<string> {
  const directory = binding<D1Database>(env, "DB");
  const last = await directory.prepare("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1").first<{ name: string }>();
  await directory.prepare("SELECT 1 FROM players LIMIT 1").all();
  const names = tableDatabases(env);
  for (const name of names) await binding<D1Database>(env, name).prepare("SELECT 1 FROM tables LIMIT 1").all();
  return `DB read (migrations up to ${last?.name ?? "none"}); tables in ${names.join(", ")} read`;
}

async function r2(env: Env): Promise<string> {
  await binding<R2Bucket>(env, "RECORDS").head("health");
  return "RECORDS answers";
}

async function tables(env: Env): Promise<string> {
  binding(env, "TABLES");
  const res = await tableStub(env, PROBE_TABLE).fetch("https://table/health");
  await res.body?.cancel();
  if (res.status >= 500) throw new CheckFailed(`a table's object answered ${res.status}`);
  return "a table's object answers";
}

async function queue(env: Env): Promise<string> {
  await binding<Queue>(env, "NOTIFY").send({ type: "flush", playerId: PROBE_PLAYER });
  return "NOTIFY takes messages";
}

/** What must be set: a usable LINK_KEY ring, and a TABLE_DATABASES that names bound databases. */
async function config(env: Env): Promise<string> {
  const ring = keyRingOf(env);
  if (!ring.length) throw new CheckFailed("no LINK_KEY secret is set");
  const faults = ring.map(keyFault).filter((f) => f !== null);
  if (faults.length) throw new CheckFailed(faults.join("; "));
  for (const name of tableDatabases(env)) binding(env, name);
  const operator = env.OPERATOR_KEY ? "OPERATOR_KEY set" : "OPERATOR_KEY not set (operator routes closed)";
  return `${ring.length} link key(s), ${ring[0].name} seals; ${operator}`;
}

/** Optional: reported, never failing. */
const optional = (configured: boolean): Check => ({ ok: true, ms: 0, detail: configured ? "configured" : "not configured" });

async function checkAll(env: Env): Promise<Health> {
  const [d, r, t, q, c] = await Promise.all([timed(() => d1(env)), timed(() => r2(env)), timed(() => tables(env)), timed(() => queue(env)), timed(() => config(env))]);
  const checks: Record<string, Check> = {
    d1: d,
    r2: r,
    tables: t,
    queue: q,
    config: c,
    push: optional(!!(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT)),
    email: optional(!!(env.EMAIL && env.EMAIL_FROM)),
  };
  const ok = Object.values(checks).every((x) => x.ok);
  if (!ok) logEvent("error", "health.failed", { kind: Object.keys(checks).filter((k) => !checks[k].ok).join(",") });
  return { ok, checks };
}

const recent = new WeakMap<object, { at: number; health: Promise<Health> }>();

/** The health of this Worker's environment (one run serves the polls of REUSE_MS). */
export function health(env: Env, now = Date.now()): Promise<Health> {
  const known = recent.get(env);
  if (known && now - known.at < REUSE_MS) return known.health;
  const run = checkAll(env);
  recent.set(env, { at: now, health: run });
  return run;
}
