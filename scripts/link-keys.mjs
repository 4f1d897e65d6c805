#!/usr/bin/env node
// Turns LINK_KEY (README, "Turning LINK_KEY"), in three steps that each wait for the one before:
//   1. adds a new key as the next numbered secret (LINK_KEY → LINK_KEY_2 → LINK_KEY_3 …), made
//      here from 32 random bytes and handed to `wrangler secret put` on its input, never shown;
//   2. asks the deployed Worker to seal every stored value again with it
//      (POST /api/operator/link-keys/reseal, the operator key as bearer), a slice per call, each
//      call sending back the cursor the one before answered, until a pass ends with none left;
//   3. deletes the older key secrets, so only the new key remains.
// Usage: OPERATOR_KEY=… npm run keys:rotate -- --url https://muli.example.org
//        (--reseal-only: step 2 alone, e.g. after an interrupted run; nothing is added or deleted.)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

const NUMBERED = /^LINK_KEY(?:_(\d+))?$/;
const generation = (name) => Number(NUMBERED.exec(name)?.[1] ?? 1);

/** From a Worker's secret names: its link keys, oldest first, and the name the next key gets. */
export function nextKey(secretNames) {
  const keys = secretNames.filter((n) => NUMBERED.test(n)).sort((a, b) => generation(a) - generation(b));
  return { keys, next: keys.length ? `LINK_KEY_${generation(keys[keys.length - 1]) + 1}` : null };
}

function wrangler(argv, input) {
  const r = spawnSync("npx", ["wrangler", ...argv], { input, encoding: "utf8", stdio: ["pipe", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`wrangler ${argv.join(" ")} failed (exit ${r.status})`);
  return r.stdout;
}

/** The names of the Worker's secrets. */
const secretNames = () => JSON.parse(wrangler(["secret", "list", "--format", "json"])).map((s) => s.name);

async function resealStep(url, operatorKey, cursor) {
  const res = await fetch(`${url}/api/operator/link-keys/reseal`, {
    method: "POST",
    headers: { Authorization: `Bearer ${operatorKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(cursor ? { cursor } : {}),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`re-seal answered ${res.status}: ${body.error?.code ?? ""} ${body.error?.message ?? ""}`);
  return body;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Re-seal in passes of slices (each call goes on from the cursor the one before answered) until a
 * pass ends with nothing left; first wait (up to 2 minutes) until the Worker seals with `newest`.
 * Interrupted, it is simply run again: a new pass starts from the beginning and re-seals only what
 * is still sealed with an older key.
 */
async function resealAll(url, operatorKey, newest) {
  let cursor = null;
  let [resealed, unopenable, calls] = [0, 0, 0];
  for (let waits = 0; ; ) {
    const r = await resealStep(url, operatorKey, cursor);
    if (newest && r.sealing !== newest) {
      if (++waits > 60) throw new Error(`the Worker still seals with ${r.sealing}, not ${newest}`);
      cursor = null;
      await sleep(2000);
      continue;
    }
    calls++;
    resealed += r.resealed;
    unopenable += r.unopenable;
    cursor = r.cursor ?? null;
    if (cursor) continue;
    console.log(`re-sealed ${resealed} in a pass of ${calls} calls, ${r.remaining} left (keys: ${r.keys.join(", ")}; ${r.sealing} seals)`);
    if (unopenable) console.warn(`${unopenable} stored value(s) open with no key of the ring: they were lost before this run.`);
    if (r.remaining === 0) return r;
    [resealed, unopenable, calls] = [0, 0, 0];
  }
}

async function main() {
  const args = process.argv.slice(2);
  const url = (args[args.indexOf("--url") + 1] ?? "").replace(/\/$/, "");
  const resealOnly = args.includes("--reseal-only");
  const operatorKey = process.env.OPERATOR_KEY;
  if (!args.includes("--url") || !/^https?:\/\//.test(url) || !operatorKey) {
    console.error("Usage: OPERATOR_KEY=<the operator key> npm run keys:rotate -- --url https://<your muli> [--reseal-only]");
    process.exit(2);
  }

  if (resealOnly) {
    await resealAll(url, operatorKey, null);
    return;
  }

  const { keys: before, next: newest } = nextKey(secretNames());
  if (!newest) {
    console.error("This Worker has no LINK_KEY secret; set one first (README, deploying).");
    process.exit(1);
  }
  console.log(`1. adding ${newest} (keeping ${before.join(", ")})`);
  wrangler(["secret", "put", newest], randomBytes(32).toString("base64url"));
  console.log(`2. re-sealing stored links with ${newest}`);
  await resealAll(url, operatorKey, newest);
  // Isolates still running the version before the new secret may seal with the old key a little
  // longer: wait, and sweep once more before any key goes.
  await sleep(30_000);
  await resealAll(url, operatorKey, newest);
  console.log(`3. letting ${before.join(", ")} go`);
  for (const name of before) wrangler(["secret", "delete", name], "y\n");
  // A last pass: what was sealed between the re-seal and the deletions used the newest key already.
  const last = await resealAll(url, operatorKey, newest);
  console.log(last.keys.length === 1 ? `done: ${newest} is the only link key` : `note: the Worker still lists ${last.keys.join(", ")} (a deploy in progress?)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
