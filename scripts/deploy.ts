// `npm run deploy` (after `npx wrangler login`): from an empty Cloudflare account, or from a Muli
// that runs already, to this version running; prints the Worker's URL. `--dry-run` prints every
// step, builds and bundles, and touches no account (no network needed). The decisions are in
// deploy-plan.ts; every command goes through deploy-run.ts.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { experimental_readRawConfig } from "wrangler";
import {
  chooseAccount,
  deployConfig,
  makeSecrets,
  parseBuckets,
  parseDatabases,
  parseSecrets,
  plan,
  queueFound,
  queuesOf,
  rateLimitIds,
  workerUrl,
  type AccountState,
  type Options,
  type RawConfig,
} from "./deploy-plan";
import { runner } from "./deploy-run";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const DEPLOY_CONFIG = "wrangler.deploy.json";
const OPERATOR_KEY_FILE = join(root, ".wrangler", "operator-key");

function options(argv: string[]): Options {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const ids = value("rate-limit-ids") ?? process.env.MULI_RATE_LIMIT_IDS;
  return {
    dryRun: argv.includes("--dry-run"),
    rateLimitIds: ids ? ids.split(",").map((s) => Number(s.trim())) : undefined,
    vapidSubject: value("vapid-subject") ?? process.env.MULI_VAPID_SUBJECT,
  };
}

function fail(message: string): never {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

const opts = options(process.argv.slice(2));
const config = experimental_readRawConfig({ config: join(root, "wrangler.toml") }).rawConfig as unknown as RawConfig;
const env: NodeJS.ProcessEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const run = runner(root, env);

/** What the account holds: read, never guessed (a failed read stops the deploy). */
function readAccount(): AccountState {
  const who = run.wrangler(["whoami", "--json"], { quiet: true });
  if (!who.ok) fail("Not logged in (or no network): run `npx wrangler login` first.");
  const accountId = chooseAccount(who.output.slice(who.output.indexOf("{")), process.env.CLOUDFLARE_ACCOUNT_ID);
  env.CLOUDFLARE_ACCOUNT_ID = accountId;
  const d1 = run.wrangler(["d1", "list", "--json"], { quiet: true });
  if (!d1.ok) fail(`Could not list D1 databases:\n${d1.output}`);
  const r2 = run.wrangler(["r2", "bucket", "list"], { quiet: true });
  if (!r2.ok) fail(`Could not list R2 buckets:\n${r2.output}`);
  const queues = queuesOf(config).filter((q) => {
    const r = run.wrangler(["queues", "info", q], { quiet: true });
    return queueFound(r.ok, r.output);
  });
  const secrets = run.wrangler(["secret", "list", "--format=json", `--config=${DEPLOY_CONFIG}`], { quiet: true });
  // A Worker that does not exist yet has no secrets; any other failure stops here.
  if (!secrets.ok && !/10007|not found|does not exist/i.test(secrets.output)) fail(`Could not list the Worker's secrets:\n${secrets.output}`);
  return {
    accountId,
    databases: parseDatabases(d1.output.slice(d1.output.indexOf("["))),
    buckets: parseBuckets(r2.output),
    queues,
    secrets: parseSecrets(secrets.ok ? secrets.output.slice(secrets.output.indexOf("[")) : null),
  };
}

function writeDeployConfig(state: AccountState) {
  const ids = new Map(state.databases.map((d) => [d.name, d.uuid]));
  const cfg = deployConfig(config, ids, rateLimitIds(config, state.accountId, opts.rateLimitIds));
  writeFileSync(join(root, DEPLOY_CONFIG), `${JSON.stringify(cfg, null, 2)}\n`);
}

function setSecrets(values: Record<string, string>) {
  const r = run.wrangler(["secret", "bulk", `--config=${DEPLOY_CONFIG}`], { input: JSON.stringify(values) });
  if (!r.ok) fail("Setting the secrets failed (see above).");
}

const empty: AccountState = { accountId: null, databases: [], buckets: [], queues: [], secrets: null };
// The deploy config is written before the account is read: `secret list` needs the Worker's name.
writeDeployConfig(empty);
const state = opts.dryRun ? empty : readAccount();
writeDeployConfig(state);
const steps = plan(config, state, opts);

console.log(`\nMuli deploy${opts.dryRun ? " (dry run: no account is read or changed; shown as for an empty account)" : ""}:`);
steps.forEach((s, i) => console.log(`  ${String(i + 1).padStart(2)}. ${s.say}${s.kind === "wrangler" ? `  [wrangler ${s.args.join(" ")}]` : ""}`));
console.log("");

let url: string | null = null;
for (const step of steps) {
  const accountStep = step.kind === "secrets" || step.kind === "subject" || (step.kind === "wrangler" && !step.args.includes("--dry-run"));
  if (opts.dryRun && accountStep) continue;
  if (step.kind === "note") continue;
  console.log(`\n▶ ${step.say}`);
  if (step.kind === "build") {
    if (!run.npm(["run", "build"]).ok) fail("The client did not build.");
  } else if (step.kind === "wrangler") {
    const r = run.wrangler(step.args);
    if (!r.ok) fail(`\`wrangler ${step.args.join(" ")}\` failed (see above). Nothing after it was done; run the deploy again when fixed.`);
    if (step.args[0] === "d1" && step.args[1] === "create") {
      const d1 = run.wrangler(["d1", "list", "--json"], { quiet: true });
      state.databases = parseDatabases(d1.output.slice(d1.output.indexOf("[")));
      writeDeployConfig(state);
    }
    if (step.args[0] === "deploy") url = workerUrl(r.output);
  } else if (step.kind === "secrets") {
    const values = makeSecrets(step.names, opts.vapidSubject);
    if (values.OPERATOR_KEY) {
      mkdirSync(dirname(OPERATOR_KEY_FILE), { recursive: true });
      writeFileSync(OPERATOR_KEY_FILE, `${values.OPERATOR_KEY}\n`, { mode: 0o600 });
      chmodSync(OPERATOR_KEY_FILE, 0o600);
      console.log(`  OPERATOR_KEY kept in ${OPERATOR_KEY_FILE} (readable by you only; not printed).`);
    }
    setSecrets(values);
  } else if (step.kind === "subject") {
    if (url) setSecrets(makeSecrets(["VAPID_SUBJECT"], url));
    else console.log("  No URL printed by wrangler; set VAPID_SUBJECT with --vapid-subject=mailto:… and run again.");
  }
}

if (opts.dryRun) console.log("\n✔ Dry run done: the client built and the Worker bundled; nothing was deployed.");
else console.log(`\n✔ Muli is running${url ? ` at ${url}` : " (wrangler printed no workers.dev URL; see its output above)"}.`);
