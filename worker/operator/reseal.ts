// Turning LINK_KEY (README, "Turning LINK_KEY"): every value sealed with an older key of the ring
// is sealed again with the newest, so the older keys can go without one link lost. A pass over
// every sealed column goes in slices, one per call, each opening at most SLICE values (opening is
// what costs: ~0.1 ms of CPU each, so a whole club at once took 200 ms, far over the free plan's
// 10 ms per invocation). A call answers a cursor (where the next slice starts) until the pass is
// at its end; the command (scripts/link-keys.mjs) calls again with it. A slice writes a value only
// if it is still the one read, so a slice retried, or one that overlaps the app's own writes,
// changes nothing twice. Every sealed value lives in the directory database (DB).
import { LinkSealError, keyRing, resealed } from "../base/link-crypto";
import { raise } from "../base/failure";

/** Each column that holds a sealed value; `json`: a JSON object whose values are sealed. */
const SEALED: { table: string; column: string; json?: true }[] = [
  { table: "player_seats", column: "link" },
  { table: "seat_links", column: "link" },
  { table: "table_hosts", column: "link" },
  { table: "league_seats", column: "link" },
  { table: "league_admins", column: "admin_key" },
  { table: "outbox", column: "links", json: true },
];

/** Values a call opens at most (bench:cpu's "HTTP POST /api/operator/link-keys/reseal"). */
export const SLICE = 16;

export interface ResealReport {
  /** The key that seals now (its secret's name), and every key of the ring, newest first. */
  sealing: string;
  keys: string[];
  /** Values this call sealed again. */
  resealed: number;
  /**
   * Values still sealed with an older key (0: the older keys may go). While the pass is not at
   * its end (`cursor` set) at least 1: the values not read yet are not known.
   */
  remaining: number;
  /** Values no key of the ring opens, in this call's slice (already lost; the rotation changes nothing for them). */
  unopenable: number;
  /** Where the pass goes on (send it back as `{"cursor": …}`), or null at its end. */
  cursor: string | null;
}

/** A cursor: the column's index in SEALED and the last rowid read. */
function parseCursor(cursor: string | undefined): { column: number; after: number } {
  if (cursor === undefined) return { column: 0, after: 0 };
  const m = /^(\d{1,2})\.(\d{1,15})$/.exec(cursor);
  if (!m || Number(m[1]) >= SEALED.length) return raise(400, "INVALID_CURSOR", "The cursor is not one this server gave; start again without one.");
  return { column: Number(m[1]), after: Number(m[2]) };
}

/** The value with every sealed part sealed anew, or null when none needed it; `opened`: how many parts. */
async function resealValue(value: string, json: boolean): Promise<{ again: string | null; opened: number }> {
  if (!json) return { again: await resealed(value), opened: 1 };
  const map = JSON.parse(value) as Record<string, string>;
  let changed = false;
  let opened = 0;
  for (const [k, sealed] of Object.entries(map)) {
    opened++;
    const again = await resealed(sealed);
    if (again !== null) [map[k], changed] = [again, true];
  }
  return { again: changed ? JSON.stringify(map) : null, opened };
}

/** One slice of the pass, from `cursor` (the pass's start without one). */
export async function resealLinks(d1: D1Database, cursor?: string, slice = SLICE): Promise<ResealReport> {
  const ring = keyRing();
  let { column, after } = parseCursor(cursor);
  const report: ResealReport = { sealing: ring[0].name, keys: ring.map((k) => k.name), resealed: 0, remaining: 0, unopenable: 0, cursor: null };
  const writes: D1PreparedStatement[] = [];
  let opened = 0;
  while (column < SEALED.length && opened < slice) {
    const { table, column: name, json } = SEALED[column];
    const want = slice - opened;
    const { results } = await d1.prepare(`SELECT rowid AS r, ${name} AS v FROM ${table} WHERE ${name} IS NOT NULL AND rowid > ? ORDER BY rowid LIMIT ${want}`).bind(after).all<{ r: number; v: string }>();
    for (const { r, v } of results) {
      after = r;
      try {
        const { again, opened: n } = await resealValue(v, json === true);
        opened += n;
        // Only if the value is still the one read: a write since then sealed it with the newest key already.
        if (again !== null) writes.push(d1.prepare(`UPDATE ${table} SET ${name} = ? WHERE rowid = ? AND ${name} = ?`).bind(again, r, v));
      } catch (e) {
        if (!(e instanceof LinkSealError)) throw e;
        opened++;
        report.unopenable++;
      }
    }
    if (results.length < want) [column, after] = [column + 1, 0];
  }
  if (writes.length) await d1.batch(writes);
  report.resealed = writes.length;
  if (column < SEALED.length) [report.cursor, report.remaining] = [`${column}.${after}`, 1];
  return report;
}
