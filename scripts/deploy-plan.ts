// The decisions of `npm run deploy`, kept apart from the commands that carry them out: what the
// account holds (read from wrangler's own output), what is missing, and the steps in the order
// that keeps a running Muli working. No I/O here; scripts/deploy.ts runs what this decides.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";

/** wrangler.toml as wrangler reads it (only the parts the deploy decides about). */
export interface RawConfig {
  name: string;
  d1_databases?: { binding: string; database_name: string; database_id?: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
  queues?: { producers?: { queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  ratelimits?: { name: string; namespace_id: string }[];
  [key: string]: unknown;
}

/** What the account holds, as far as the deploy needs to know. `null`: not known (dry run). */
export interface AccountState {
  accountId: string | null;
  databases: { name: string; uuid: string }[];
  buckets: string[];
  queues: string[];
  /** Secret names the Worker has; `null` when the Worker does not exist yet. */
  secrets: string[] | null;
}

export interface Options {
  dryRun: boolean;
  /** Rate-limit namespace ids the operator chose (`--rate-limit-ids=A,B`), else derived. */
  rateLimitIds?: number[];
  /** VAPID_SUBJECT (`mailto:` or `https:`); without it the Worker's own URL is set after the deploy. */
  vapidSubject?: string;
}

export type Step =
  | { kind: "wrangler"; say: string; args: string[] }
  | { kind: "secrets"; say: string; names: string[] }
  | { kind: "build"; say: string }
  | { kind: "note"; say: string }
  | { kind: "subject"; say: string };

/** Every secret Muli reads that the deploy makes when it is missing. */
export const SECRETS = ["LINK_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "OPERATOR_KEY"] as const;
export const VAPID_PAIR = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"];

/** The queues the config names (producers, consumers and their dead-letter queues), once each. */
export function queuesOf(config: RawConfig): string[] {
  const q = config.queues ?? {};
  const names = [...(q.producers ?? []).map((p) => p.queue), ...(q.consumers ?? []).flatMap((c) => [c.queue, c.dead_letter_queue ?? ""])];
  return [...new Set(names.filter(Boolean))];
}

// Ids at or below this are where people (and Cloudflare's own examples, 1001) pick by hand.
const RL_LOW = 100_000;
const RL_SPAN = 2_000_000_000 - RL_LOW;

/**
 * Rate-limit namespace ids for this Worker in this account: the operator's if given, else derived
 * from the account and the Worker's name, so that a second run keeps them and a second Muli in the
 * same account (another name) gets others. Ids are per account and cannot be listed, so a
 * collision with someone else's hand-picked id is avoided by range, not checked.
 */
export function rateLimitIds(config: RawConfig, accountId: string | null, given?: number[]): Map<string, string> {
  const names = (config.ratelimits ?? []).map((r) => r.name);
  if (given) {
    if (given.length !== names.length || given.some((n) => !Number.isInteger(n) || n <= 0) || new Set(given).size !== given.length)
      throw new Error(`--rate-limit-ids needs ${names.length} distinct positive integers (for ${names.join(", ")}).`);
    return new Map(names.map((n, i) => [n, String(given[i])]));
  }
  const ids = new Map<string, string>();
  const taken = new Set<number>();
  for (const name of names) {
    let id = 0;
    for (let salt = 0; id === 0 || taken.has(id); salt++) {
      const h = createHash("sha256").update(`${accountId ?? "dry-run"}/${config.name}/${name}/${salt}`).digest();
      id = RL_LOW + (h.readUInt32BE(0) % RL_SPAN);
    }
    taken.add(id);
    ids.set(name, String(id));
  }
  return ids;
}

/**
 * The config the deploy hands to wrangler: wrangler.toml with the account's database id and the
 * chosen rate-limit ids. wrangler.toml itself keeps no account's ids. Without a database id
 * (a dry run before the database exists) the binding goes without one.
 */
export function deployConfig(config: RawConfig, databaseIds: Map<string, string>, limits: Map<string, string>): RawConfig {
  const out = structuredClone(config);
  out.d1_databases = (config.d1_databases ?? []).map((d) => {
    const id = databaseIds.get(d.database_name);
    const { database_id: _placeholder, ...rest } = d;
    return id ? { ...rest, database_id: id } : rest;
  });
  out.ratelimits = (config.ratelimits ?? []).map((r) => ({ ...r, namespace_id: limits.get(r.name) ?? r.namespace_id }));
  return out;
}

/** Which secrets to make now. A half VAPID pair is not completed: a new pair would orphan every push subscription. */
export function missingSecrets(have: string[] | null): { make: string[]; problem: string | null } {
  const present = new Set(have ?? []);
  // After `npm run keys:rotate` the link key is LINK_KEY_2, _3 … and LINK_KEY is gone: still a key.
  if ((have ?? []).some((s) => /^LINK_KEY_\d+$/.test(s))) present.add("LINK_KEY");
  const make = SECRETS.filter((s) => !present.has(s));
  const halfPair = VAPID_PAIR.filter((s) => present.has(s)).length === 1;
  if (halfPair)
    return {
      make: make.filter((s) => !VAPID_PAIR.includes(s)),
      problem: "Only one of VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY is set: set the other by hand (a new pair would cut off every push subscription).",
    };
  return { make, problem: null };
}

/** The steps, in order: resources, then the schema, then secrets, then the code. */
export function plan(config: RawConfig, state: AccountState, options: Options): Step[] {
  const steps: Step[] = [];
  const cfg = "--config=wrangler.deploy.json";
  const dbNames = new Set(state.databases.map((d) => d.name));
  // D1 by `d1 create`, not by wrangler's provisioning: provisioning happens inside `wrangler deploy`,
  // and the migrations have to be in the database before the Worker that reads them is live.
  for (const db of config.d1_databases ?? [])
    if (!dbNames.has(db.database_name)) steps.push({ kind: "wrangler", say: `create D1 database ${db.database_name}`, args: ["d1", "create", db.database_name] });
  for (const b of config.r2_buckets ?? [])
    if (!state.buckets.includes(b.bucket_name)) steps.push({ kind: "note", say: `R2 bucket ${b.bucket_name}: made by wrangler deploy (automatic provisioning)` });
  // Queues are not provisioned by wrangler; the dead-letter queue first, as the consumer names it.
  const queues = queuesOf(config).sort((a, b) => Number(isDeadLetter(config, b)) - Number(isDeadLetter(config, a)));
  for (const q of queues) if (!state.queues.includes(q)) steps.push({ kind: "wrangler", say: `create queue ${q}`, args: ["queues", "create", q] });
  const limits = rateLimitIds(config, state.accountId, options.rateLimitIds);
  for (const [name, id] of limits) steps.push({ kind: "note", say: `rate limit ${name}: namespace_id ${id}${options.rateLimitIds ? " (given)" : " (derived from account and Worker name)"}` });
  for (const db of config.d1_databases ?? [])
    steps.push({ kind: "wrangler", say: `apply new D1 migrations to ${db.binding} (remote), before the new code`, args: ["d1", "migrations", "apply", db.binding, "--remote", cfg] });
  steps.push({ kind: "build", say: "build the client (npm run build → web/dist)" });
  const secrets = missingSecrets(state.secrets);
  if (secrets.problem) steps.push({ kind: "note", say: secrets.problem });
  if (secrets.make.length) steps.push({ kind: "secrets", say: `generate and set ${secrets.make.join(", ")} (values not shown)`, names: secrets.make });
  const deploy = options.dryRun ? ["deploy", cfg, "--minify", "--dry-run", "--outdir=.wrangler/deploy-dry-run"] : ["deploy", cfg, "--minify"];
  steps.push({ kind: "wrangler", say: options.dryRun ? "bundle the Worker without uploading (wrangler deploy --dry-run)" : "deploy the Worker and its assets", args: deploy });
  if (!(state.secrets ?? []).includes("VAPID_SUBJECT"))
    steps.push(
      options.vapidSubject
        ? { kind: "secrets", say: "set VAPID_SUBJECT (given)", names: ["VAPID_SUBJECT"] }
        : { kind: "subject", say: "set VAPID_SUBJECT to the Worker's URL" },
    );
  return steps;
}

const isDeadLetter = (config: RawConfig, q: string) => (config.queues?.consumers ?? []).some((c) => c.dead_letter_queue === q);

/** A fresh value for each named secret (VAPID as the Worker reads it: raw public point, private scalar, base64url). */
export function makeSecrets(names: string[], vapidSubject?: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (names.some((n) => VAPID_PAIR.includes(n))) {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pub = publicKey.export({ format: "jwk" });
    const raw = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, "base64url"), Buffer.from(pub.y!, "base64url")]);
    out.VAPID_PUBLIC_KEY = raw.toString("base64url");
    out.VAPID_PRIVATE_KEY = privateKey.export({ format: "jwk" }).d!;
  }
  for (const n of names) {
    if (n === "VAPID_SUBJECT") {
      if (!vapidSubject || !/^(mailto:|https:\/\/)/.test(vapidSubject)) throw new Error("VAPID_SUBJECT must start with mailto: or https://");
      out[n] = vapidSubject;
    } else if (!VAPID_PAIR.includes(n)) out[n] = randomBytes(32).toString("base64url");
  }
  return Object.fromEntries(names.map((n) => [n, out[n]]));
}

// Reading wrangler's output. Each returns what it found, or throws when the output is not what
// this version of wrangler prints (better to stop than to create a second database).

export function parseDatabases(json: string): { name: string; uuid: string }[] {
  const rows = JSON.parse(json) as { name?: unknown; uuid?: unknown }[];
  if (!Array.isArray(rows)) throw new Error("`wrangler d1 list --json` did not print a list");
  return rows.filter((r) => typeof r.name === "string" && typeof r.uuid === "string").map((r) => ({ name: r.name as string, uuid: r.uuid as string }));
}

/** `wrangler r2 bucket list` prints `name:           muli-records` lines. */
export const parseBuckets = (text: string): string[] => [...text.matchAll(/^name:\s+(\S+)\s*$/gm)].map((m) => m[1]);

/** `wrangler queues info NAME`: true when it printed the queue, false when it said there is none. */
export function queueFound(ok: boolean, output: string): boolean {
  if (ok && /^Queue Name:/m.test(output)) return true;
  if (!ok && /does not exist/.test(output)) return false;
  throw new Error(`Unexpected answer from \`wrangler queues info\`:\n${output.slice(0, 500)}`);
}

/** The account to deploy to: CLOUDFLARE_ACCOUNT_ID if set, else the login's only account. */
export function chooseAccount(whoamiJson: string, fromEnv: string | undefined): string {
  const who = JSON.parse(whoamiJson) as { loggedIn?: boolean; accounts?: { id: string; name: string }[] };
  if (!who.loggedIn) throw new Error("Not logged in: run `npx wrangler login` first.");
  const accounts = who.accounts ?? [];
  if (fromEnv) {
    if (accounts.length && !accounts.some((a) => a.id === fromEnv)) throw new Error(`CLOUDFLARE_ACCOUNT_ID ${fromEnv} is not one of this login's accounts.`);
    return fromEnv;
  }
  if (accounts.length === 1) return accounts[0].id;
  throw new Error(`This login has ${accounts.length} accounts; choose one with CLOUDFLARE_ACCOUNT_ID=… (${accounts.map((a) => `${a.name}: ${a.id}`).join("; ")}).`);
}

/** `wrangler secret list --format=json`; a Worker that does not exist has none (`null`). */
export function parseSecrets(json: string | null): string[] | null {
  if (json === null) return null;
  const rows = JSON.parse(json) as { name?: unknown }[];
  return rows.filter((r) => typeof r.name === "string").map((r) => r.name as string);
}

/** The URL `wrangler deploy` printed for the Worker (workers.dev or a route). */
export const workerUrl = (output: string): string | null => output.match(/https:\/\/[a-z0-9.-]+\.workers\.dev\b/i)?.[0] ?? output.match(/^\s+(https:\/\/\S+)/m)?.[1] ?? null;
