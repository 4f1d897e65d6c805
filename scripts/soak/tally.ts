// What the loopback receiver got, counted and checked (README, "The season soak"): messages by
// kind; escalations (a member whose first channel is e-mail hears by webhook only when no device
// confirmed the e-mail in time: every webhook they get is a second sending); none well inside
// quiet hours; none twice for one decision; and none for a table while the member held a socket
// to it from before that turn began.
import type { Delivery } from "./receiver";
import type { Member, SocketSpan } from "./play";
import { intoQuiet, localMinutes } from "./recount";

export interface Tally {
  turn: number;
  reminder: number;
  digest: number;
  escalation: number;
  takeover: number;
  duringQuietHours: number;
  whileAtTable: number;
  doubleFired: number;
  /** Messages about a table the member held a socket to at the time (allowed when the turn began before). */
  atTableAllowed: number;
  /** Escalations by the kind of the message sent again. */
  escalatedKinds: Record<string, number>;
}

export interface Clock {
  origin: number;
  scale: number;
  decisionMs: number;
}

/** Game time at the real instant `at`. */
const gameAt = (c: Clock, at: number) => Math.floor(c.origin + (at - c.origin) * c.scale);
/** Real time at game time `at`. */
const realAt = (c: Clock, at: number) => c.origin + (at - c.origin) / c.scale;

export function tally(deliveries: Delivery[], members: Member[], spans: SocketSpan[], c: Clock, problems: string[]): Tally {
  const out: Tally = { turn: 0, reminder: 0, digest: 0, escalation: 0, takeover: 0, duringQuietHours: 0, whileAtTable: 0, doubleFired: 0, atTableAllowed: 0, escalatedKinds: {} };
  // The server checks quiet hours when it sends (worker/notify/pipeline.ts, `deliver`); the
  // request's own way here, on a loaded machine, may end a little into them: three seconds of
  // real time, an hour of game time at the least.
  const slackMinutes = Math.max(60, (3000 * c.scale) / 60_000);
  const seen = new Map<string, number>();
  for (const d of deliveries) {
    const m = members.find((x) => x.i === d.member);
    if (!m) continue;
    if (m.email) {
      out.escalation++;
      out.escalatedKinds[d.kind] = (out.escalatedKinds[d.kind] ?? 0) + 1;
    } else if (d.kind === "turn" || d.kind === "reminder" || d.kind === "digest" || d.kind === "takeover") out[d.kind]++;
    if (m.quiet) {
      const into = intoQuiet(localMinutes(gameAt(c, d.at), m.timeZone), m.quiet[0], m.quiet[1]);
      if (into >= slackMinutes) {
        out.duringQuietHours++;
        // The server's own stamp (the webhook's signature, whole seconds) tells a message the server
        // sent inside quiet hours from one that was on its way when they began.
        const signedInto = d.signedAt === null ? null : intoQuiet(localMinutes(gameAt(c, d.signedAt), m.timeZone), m.quiet[0], m.quiet[1]);
        problems.push(`M${m.i} got a ${d.kind} ${into} minutes into their quiet hours (signed ${signedInto} minutes in; tables ${d.tables.map((t) => `${t.table} ${t.kind}`).join(", ")})`);
      }
    }
    for (const t of d.tables) {
      if (t.kind !== "turn" && t.kind !== "reminder") continue;
      const k = `${d.member}:${t.table}:${t.seat}:${t.kind}:${t.deadline}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
      if (seen.get(k) === 2) {
        out.doubleFired++;
        problems.push(`M${d.member} got the ${t.kind} for ${t.table} (deadline ${t.deadline}) twice`);
      }
      if (!m.socket || !t.deadline) continue;
      // The turn began a decision's clock before its deadline: a socket open since before then
      // (with a moment's margin) and still open when the message came means it was sent to a
      // member sitting at the table.
      const began = realAt(c, Date.parse(t.deadline) - c.decisionMs);
      const open = spans.filter((s) => s.table === t.table && s.to >= d.at);
      if (open.some((s) => s.from <= began - 250)) {
        out.whileAtTable++;
        problems.push(`M${m.i} got a ${t.kind} for ${t.table} while holding a socket to it (open since before the turn began)`);
      } else if (open.some((s) => s.from <= d.at)) out.atTableAllowed++;
    }
  }
  return out;
}
