// The deploy's decisions (scripts/deploy-plan.ts): what it creates, in which order, which ids and
// secrets it makes, and how it reads wrangler's answers. The account side is not reachable from
// here; these run on wrangler.toml as committed and on wrangler's output as this version prints it.
import { createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  chooseAccount,
  deployConfig,
  makeSecrets,
  missingSecrets,
  parseBuckets,
  parseDatabases,
  parseSecrets,
  plan,
  queueFound,
  queuesOf,
  rateLimitIds,
  workerUrl,
  type AccountState,
  type RawConfig,
  type Step,
} from "../../scripts/deploy-plan";

const config: RawConfig = {
  name: "muli",
  d1_databases: [{ binding: "DB", database_name: "muli" }],
  r2_buckets: [{ binding: "RECORDS", bucket_name: "muli-records" }],
  queues: {
    producers: [{ queue: "muli-notify" }],
    consumers: [{ queue: "muli-notify", dead_letter_queue: "muli-notify-dead" }, { queue: "muli-notify-dead" }],
  },
  ratelimits: [
    { name: "RL_TOKEN", namespace_id: "618033" },
    { name: "RL_ADDRESS", namespace_id: "618034" },
  ],
};
const empty: AccountState = { accountId: "acc1", databases: [], buckets: [], queues: [], secrets: null };
const running: AccountState = {
  accountId: "acc1",
  databases: [{ name: "muli", uuid: "5d1c2a3b-0000-4000-8000-000000000001" }],
  buckets: ["muli-records"],
  queues: ["muli-notify", "muli-notify-dead"],
  secrets: ["LINK_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT", "OPERATOR_KEY"],
};
const commands = (steps: Step[]) => steps.flatMap((s) => (s.kind === "wrangler" ? [s.args.slice(0, 3).join(" ")] : s.kind === "note" ? [] : [s.kind]));
const at = (steps: Step[], what: string) => commands(steps).findIndex((c) => c.startsWith(what));

describe("plan", () => {
  it("takes an empty account to a running Muli: resources, migrations, build, secrets, deploy, in that order", () => {
    const steps = plan(config, empty, { dryRun: false });
    expect(commands(steps)).toEqual([
      "d1 create muli",
      "queues create muli-notify-dead",
      "queues create muli-notify",
      "d1 migrations apply",
      "build",
      "secrets",
      "deploy --config=wrangler.deploy.json --minify",
      "subject",
    ]);
    const secrets = steps.find((s) => s.kind === "secrets");
    expect(secrets && secrets.kind === "secrets" && secrets.names).toEqual(["LINK_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "OPERATOR_KEY"]);
    // The bucket is left to wrangler's provisioning, and said so.
    expect(steps.some((s) => s.kind === "note" && s.say.includes("muli-records"))).toBe(true);
  });

  it("run again on a running Muli, changes only what is new: migrations before the code, nothing created", () => {
    const steps = plan(config, running, { dryRun: false });
    expect(commands(steps)).toEqual(["d1 migrations apply", "build", "deploy --config=wrangler.deploy.json --minify"]);
    expect(at(steps, "d1 migrations apply")).toBeLessThan(at(steps, "deploy"));
  });

  it("creates only the one missing queue and the one missing secret", () => {
    const steps = plan(config, { ...running, queues: ["muli-notify"], secrets: ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT", "OPERATOR_KEY"] }, { dryRun: false });
    expect(commands(steps)).toEqual(["queues create muli-notify-dead", "d1 migrations apply", "build", "secrets", "deploy --config=wrangler.deploy.json --minify"]);
    expect(steps.find((s) => s.kind === "secrets")).toMatchObject({ names: ["LINK_KEY"] });
  });

  it("a dry run bundles with --dry-run into a scratch folder", () => {
    const deploy = plan(config, empty, { dryRun: true }).find((s) => s.kind === "wrangler" && s.args[0] === "deploy");
    expect(deploy).toMatchObject({ args: expect.arrayContaining(["--dry-run"]) });
  });

  it("sets a given VAPID subject as a secret, else the URL after the deploy", () => {
    const given = plan(config, empty, { dryRun: false, vapidSubject: "mailto:ops@club.example" });
    expect(given.at(-1)).toMatchObject({ kind: "secrets", names: ["VAPID_SUBJECT"] });
    expect(plan(config, empty, { dryRun: false }).at(-1)).toMatchObject({ kind: "subject" });
  });
});

describe("secrets", () => {
  it("never completes half a VAPID pair (a new pair would orphan every push subscription)", () => {
    const r = missingSecrets(["LINK_KEY", "VAPID_PUBLIC_KEY"]);
    expect(r.make).toEqual(["OPERATOR_KEY"]);
    expect(r.problem).toMatch(/VAPID/);
    // A turned key ring (LINK_KEY_2 …, LINK_KEY deleted) has its key: no second one is made.
    expect(missingSecrets(["LINK_KEY_3", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "OPERATOR_KEY"]).make).toEqual([]);
    expect(missingSecrets(null)).toEqual({ make: ["LINK_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "OPERATOR_KEY"], problem: null });
  });

  it("makes 256-bit keys, fresh each time, and a VAPID pair that signs and verifies", () => {
    const a = makeSecrets(["LINK_KEY", "OPERATOR_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]);
    const b = makeSecrets(["LINK_KEY"]);
    expect(Buffer.from(a.LINK_KEY, "base64url")).toHaveLength(32);
    expect(a.LINK_KEY).not.toBe(b.LINK_KEY);
    expect(a.LINK_KEY).not.toBe(a.OPERATOR_KEY);
    const raw = Buffer.from(a.VAPID_PUBLIC_KEY, "base64url");
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    const jwk = { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") };
    const sig = sign("sha256", Buffer.from("muli"), createPrivateKey({ key: { ...jwk, d: a.VAPID_PRIVATE_KEY }, format: "jwk" }));
    expect(verify("sha256", Buffer.from("muli"), createPublicKey({ key: jwk, format: "jwk" }), sig)).toBe(true);
  });

  it("takes a VAPID subject only as mailto: or https:", () => {
    expect(makeSecrets(["VAPID_SUBJECT"], "https://muli.club.workers.dev")).toEqual({ VAPID_SUBJECT: "https://muli.club.workers.dev" });
    expect(() => makeSecrets(["VAPID_SUBJECT"], "ops@club.example")).toThrow(/mailto/);
  });
});

describe("ids", () => {
  it("rate-limit ids: the same on every run, another for another account or Worker, never the docs' small ones", () => {
    const a = rateLimitIds(config, "acc1");
    expect(rateLimitIds(config, "acc1")).toEqual(a);
    expect([...rateLimitIds(config, "acc2").values()]).not.toEqual([...a.values()]);
    expect([...rateLimitIds({ ...config, name: "muli-2" }, "acc1").values()]).not.toEqual([...a.values()]);
    const ids = [...a.values()].map(Number);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toBeGreaterThan(100_000);
  });

  it("rate-limit ids from the operator: taken as given, refused when not two distinct positive integers", () => {
    expect(rateLimitIds(config, "acc1", [7, 8])).toEqual(new Map([["RL_TOKEN", "7"], ["RL_ADDRESS", "8"]]));
    expect(() => rateLimitIds(config, "acc1", [7])).toThrow();
    expect(() => rateLimitIds(config, "acc1", [7, 7])).toThrow();
    expect(() => rateLimitIds(config, "acc1", [7, -1])).toThrow();
  });

  it("the deploy config carries the account's database id and the chosen ids; wrangler.toml's object is untouched", () => {
    const withPlaceholder = { ...config, d1_databases: [{ binding: "DB", database_name: "muli", database_id: "00000000-0000-0000-0000-000000000000" }] };
    const out = deployConfig(withPlaceholder, new Map([["muli", "real-id"]]), new Map([["RL_TOKEN", "5"], ["RL_ADDRESS", "6"]]));
    expect(out.d1_databases).toEqual([{ binding: "DB", database_name: "muli", database_id: "real-id" }]);
    expect(out.ratelimits?.map((r) => r.namespace_id)).toEqual(["5", "6"]);
    expect(withPlaceholder.d1_databases[0].database_id).toMatch(/^0000/);
    // No id known (dry run, or before `d1 create`): no id at all, never the placeholder.
    expect(deployConfig(withPlaceholder, new Map(), new Map()).d1_databases).toEqual([{ binding: "DB", database_name: "muli" }]);
  });

  it("wrangler.toml as committed holds no account's id: no database_id, no example rate-limit id", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(toml).not.toMatch(/^\s*database_id\s*=/m);
    const ids = [...toml.matchAll(/^namespace_id\s*=\s*"(\d+)"/gm)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(["1001", "1002"]).not.toContain(id);
    expect(queuesOf(config)).toEqual(["muli-notify", "muli-notify-dead"]);
  });
});

describe("reading wrangler's answers", () => {
  it("d1 list, r2 bucket list, queues info, secret list, whoami, deploy", () => {
    expect(parseDatabases('[{"uuid":"u1","name":"muli","version":"production"},{"uuid":"u2","name":"other"}]')).toEqual([
      { name: "muli", uuid: "u1" },
      { name: "other", uuid: "u2" },
    ]);
    expect(parseBuckets("Listing buckets...\nname:           muli-records\ncreation_date:  2026-12-01T10:00:00.000Z\n\nname:           photos\ncreation_date:  x")).toEqual(["muli-records", "photos"]);
    expect(queueFound(true, "Queue Name: muli-notify\nQueue ID: abc")).toBe(true);
    expect(queueFound(false, '✘ [ERROR] Queue "muli-notify" does not exist. To create it, run: wrangler queues create muli-notify')).toBe(false);
    // Anything else (no network, no permission) stops the deploy instead of creating a second queue.
    expect(() => queueFound(false, "✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]")).toThrow();
    expect(parseSecrets('[{"name":"LINK_KEY","type":"secret_text"}]')).toEqual(["LINK_KEY"]);
    expect(parseSecrets(null)).toBeNull();
    expect(chooseAccount('{"loggedIn":true,"accounts":[{"id":"a1","name":"Club"}]}', undefined)).toBe("a1");
    expect(() => chooseAccount('{"loggedIn":true,"accounts":[{"id":"a1","name":"A"},{"id":"a2","name":"B"}]}', undefined)).toThrow(/CLOUDFLARE_ACCOUNT_ID/);
    expect(chooseAccount('{"loggedIn":true,"accounts":[{"id":"a1","name":"A"},{"id":"a2","name":"B"}]}', "a2")).toBe("a2");
    expect(() => chooseAccount('{"loggedIn":false}', undefined)).toThrow(/login/);
    expect(workerUrl("Uploaded muli (3.1 sec)\nDeployed muli triggers (1.2 sec)\n  https://muli.club-wien.workers.dev\n  schedule: 17 3 * * *")).toBe("https://muli.club-wien.workers.dev");
  });
});
