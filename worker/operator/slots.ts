// Moving a slot range to another tables' database while Muli runs (README "Past one database";
// scripts/slots-move.mjs drives it). The range must be "SOURCE>TARGET:FROM-TO" in the running
// TABLE_DATABASES. A move step scans a page of the source's table ids and asks each table of the
// range to move itself (its object copies, verifies, switches and deletes, in its own queue:
// worker/table/room-move.ts); a check counts, page by page, the range's tables in each database.
import type { Env } from "../base/env";
import { fail, type Failure } from "../base/failure";
import { namedDatabase, parseSlots, slotOf } from "../db/placement";
import { tableIdsAfter } from "../db/placement-move";
import { tableStub } from "../table/stub";

/** Table ids scanned per call (a move makes one object call per table of the range among them). */
const MOVE_PAGE = 100;
const CHECK_PAGE = 1000;

export interface SlotRequest {
  from: string;
  to: string;
  /** "FROM-TO", slots inclusive. */
  range: string;
  /** Go on after this table id (the previous answer's `after`). */
  after?: string;
}

export interface MoveStep {
  scanned: number;
  moved: number;
  already: number;
  failed: { table: string; code: string }[];
  /** Where the next call goes on; null: the source's ids are all scanned. */
  after: string | null;
}

export interface CheckStep {
  /** The range's tables still in the source (0: every one moved). */
  left: number;
  /** The range's tables in the target. */
  inTarget: number;
  /** Tables in both (a move between its copy and its delete; 0 when nothing moves). */
  inBoth: number;
  after: string | null;
}

function slotsOf(range: string): { lo: number; hi: number } | Failure {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(range);
  const lo = Number(m?.[1]), hi = Number(m?.[2]);
  if (!m || lo > hi || hi > 255) return fail(400, "INVALID_REQUEST", `The range "${range}" is not FROM-TO within 0-255.`);
  return { lo, hi };
}

function databasesOf(env: Env, req: SlotRequest) {
  const from = namedDatabase(env, req.from), to = namedDatabase(env, req.to);
  if (!from || !to || req.from === req.to) return fail(409, "NOT_MOVING", `TABLE_DATABASES does not name both ${req.from} and ${req.to}.`);
  return { from, to };
}

/** One step of a move: a page of the source's ids; each table of the range moves itself. */
export async function moveStep(env: Env, req: SlotRequest): Promise<MoveStep | Failure> {
  const range = slotsOf(req.range);
  if ("code" in range) return range;
  const dbs = databasesOf(env, req);
  if ("code" in dbs) return dbs;
  const places = parseSlots(env.TABLE_DATABASES);
  for (let s = range.lo; s <= range.hi; s++) {
    if (places[s].home !== req.from || places[s].to !== req.to) return fail(409, "NOT_MOVING", `Slot ${s} is not "${req.from}>${req.to}" in TABLE_DATABASES; deploy that first.`);
  }
  const ids = await tableIdsAfter(dbs.from, req.after ?? "", MOVE_PAGE);
  const step: MoveStep = { scanned: ids.length, moved: 0, already: 0, failed: [], after: ids.length === MOVE_PAGE ? ids[ids.length - 1] : null };
  for (const id of ids.filter((x) => slotOf(x) >= range.lo && slotOf(x) <= range.hi)) {
    const r = await tableStub(env, id).moveTo(req.to);
    if (!r.ok) step.failed.push({ table: id, code: r.code });
    else if (r.moved === "copied") step.moved++;
    else step.already++;
  }
  return step;
}

/** One step of the check: a page of ids (of both databases, in id order) counted. */
export async function checkStep(env: Env, req: SlotRequest): Promise<CheckStep | Failure> {
  const range = slotsOf(req.range);
  if ("code" in range) return range;
  const dbs = databasesOf(env, req);
  if ("code" in dbs) return dbs;
  const inRange = (x: string) => slotOf(x) >= range.lo && slotOf(x) <= range.hi;
  const after = req.after ?? "";
  const [here, there] = [await tableIdsAfter(dbs.from, after, CHECK_PAGE), await tableIdsAfter(dbs.to, after, CHECK_PAGE)];
  // Only ids up to the smaller page's last are complete in both.
  const full = [here, there].filter((l) => l.length === CHECK_PAGE).map((l) => l[l.length - 1]);
  const upTo = full.length ? full.sort()[0] : null;
  const within = (l: string[]) => new Set(l.filter((x) => inRange(x) && (upTo === null || x <= upTo)));
  const a = within(here), b = within(there);
  return { left: a.size, inTarget: b.size, inBoth: [...a].filter((x) => b.has(x)).length, after: upTo };
}
