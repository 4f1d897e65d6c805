// Turning LINK_KEY (README, "Turning LINK_KEY"): every value sealed with an older key of the ring
// is sealed again with the newest, so the older keys can go without one link lost. One call does
// up to `budget` values and says how many still need it; the command (scripts/link-keys.mjs)
// calls again until none do. Every sealed value lives in the directory database (DB).
import { LinkSealError, keyRing, resealed } from "../base/link-crypto";

/** Each column that holds a sealed value; `json`: a JSON object whose values are sealed. */
const SEALED: { table: string; column: string; json?: true }[] = [
  { table: "player_seats", column: "link" },
  { table: "seat_links", column: "link" },
  { table: "table_hosts", column: "link" },
  { table: "league_seats", column: "link" },
  { table: "league_admins", column: "admin_key" },
  { table: "outbox", column: "links", json: true },
];

const PAGE = 500;

export interface ResealReport {
  /** The key that seals now (its secret's name), and every key of the ring, newest first. */
  sealing: string;
  keys: string[];
  resealed: number;
  /** Values still sealed with an older key (0: the older keys may go). */
  remaining: number;
  /** Values no key of the ring opens (already lost; the rotation changes nothing for them). */
  unopenable: number;
}

/** The value with every sealed part sealed anew, or null when none needed it. */
async function resealValue(value: string, json: boolean): Promise<string | null> {
  if (!json) return resealed(value);
  const map = JSON.parse(value) as Record<string, string>;
  let changed = false;
  for (const [k, sealed] of Object.entries(map)) {
    const again = await resealed(sealed);
    if (again !== null) [map[k], changed] = [again, true];
  }
  return changed ? JSON.stringify(map) : null;
}

export async function resealLinks(d1: D1Database, budget = 1000): Promise<ResealReport> {
  const ring = keyRing();
  const report: ResealReport = { sealing: ring[0].name, keys: ring.map((k) => k.name), resealed: 0, remaining: 0, unopenable: 0 };
  for (const { table, column, json } of SEALED) {
    for (let after = 0; ; ) {
      const { results } = await d1.prepare(`SELECT rowid AS r, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL AND rowid > ? ORDER BY rowid LIMIT ${PAGE}`).bind(after).all<{ r: number; v: string }>();
      const writes: D1PreparedStatement[] = [];
      for (const { r, v } of results) {
        let again: string | null;
        try {
          again = await resealValue(v, json === true);
        } catch (e) {
          if (!(e instanceof LinkSealError)) throw e;
          report.unopenable++;
          continue;
        }
        if (again === null) continue;
        if (report.resealed + writes.length >= budget) {
          report.remaining++;
          continue;
        }
        // Only if the value is still the one read: a write since then sealed it with the newest key already.
        writes.push(d1.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ? AND ${column} = ?`).bind(again, r, v));
      }
      if (writes.length) {
        await d1.batch(writes);
        report.resealed += writes.length;
      }
      if (results.length < PAGE) break;
      after = results[results.length - 1].r;
    }
  }
  return report;
}
