#!/usr/bin/env node
// Moves a slot range to another tables' database while Muli runs (README "Past one database"):
//   OPERATOR_KEY=… npm run slots:move -- --url https://muli.example.org --from DB2 --to DB3 --range 128-191
// The running TABLE_DATABASES must already say "DB2>DB3:128-191". Calls POST /api/operator/slots/move
// until a pass over the source moves nothing, then POST /api/operator/slots/check over both
// databases; exits 0 only when no table of the range is left in the source.
const args = Object.fromEntries(process.argv.slice(2).join(" ").split("--").filter(Boolean).map((a) => a.trim().split(/\s+/)));
const { url, from, to, range } = args;
const key = process.env.OPERATOR_KEY;
if (!url || !from || !to || !range || !key) {
  console.error("usage: OPERATOR_KEY=… npm run slots:move -- --url URL --from SOURCE --to TARGET --range FROM-TO");
  process.exit(2);
}
async function call(path, body) {
  const res = await fetch(`${url}/api/operator/slots/${path}`, { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const req = { from, to, range };
let failed = 0;
for (let pass = 1; pass <= 5; pass++) {
  let after, moved = 0;
  do {
    const r = await call("move", { ...req, after });
    moved += r.moved;
    for (const f of r.failed) console.error(`table ${f.table}: ${f.code}`);
    failed += r.failed.length;
    after = r.after ?? undefined;
  } while (after);
  console.log(`pass ${pass}: ${moved} table(s) moved`);
  if (moved === 0) break;
}
const sum = { left: 0, inTarget: 0, inBoth: 0 };
let after;
do {
  const r = await call("check", { ...req, after });
  for (const k of Object.keys(sum)) sum[k] += r[k];
  after = r.after ?? undefined;
} while (after);
console.log(`check: ${sum.left} left in ${from}, ${sum.inTarget} in ${to}, ${sum.inBoth} in both; ${failed} failed`);
process.exit(sum.left === 0 && sum.inBoth === 0 && failed === 0 ? 0 : 1);
