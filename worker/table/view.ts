// The API view of a table for one seat: the engine's `viewFor` (all a seat may know) plus the
// table's id, version, seat names, the correspondence clock and whether hints are allowed.
import { viewFor, type Rules, type View } from "../engine";
import type { TableRecord } from "./model";
import { clockView, type ClockView } from "./clock-view";
import { moveHintsAllowed } from "../deadlines/options";
import { sha256Hex } from "../base/secrets";
import { commitmentOf } from "./commitment";
import { standingProposal } from "./lifecycle";
import type { EndProposal, TableEnd, TookOver } from "./model";

export type ApiView = Omit<View, "players" | "reveal"> & {
  /** After the game: the seed and the hands (View.reveal); at a table of a duplicate pool still being
   * played elsewhere, `{ waiting: "pool" }` until every table of the pool has finished. */
  reveal?: NonNullable<View["reveal"]> | { waiting: "pool" };
  id: string;
  version: number;
  /** `bot`: the level playing the seat (from the start, or since its player left: `left`). */
  players: (View["players"][number] & { name: string; bot: string | null; left: boolean; tookOver: TookOver | null })[];
  /** When the decision now awaited runs out (ISO), or null. */
  deadline: string | null;
  /** Correspondence details: time per decision, reminder, seats taken over or on vacation. */
  clock: ClockView | null;
  /** Whether this table allows hints (GET /api/tables/:id/hint); the client shows its button. */
  hints: boolean;
  /** SHA-256 (lowercase hex) of the shuffle seed, the same in every view of the game. */
  commitment: string;
  /** The table's rules, every option resolved (public: the same for every seat), shown in words. */
  rules: Rules;
  /** The table of "Play again" once a seat asked for it (API.md additions), else null. */
  rematch: string | null;
  /** The game was ended by agreement (then `phase` is "over" and `winners` the end's). */
  ended: TableEnd | null;
  /** A proposal to end the game, standing until the next move. */
  proposal: EndProposal | null;
  /** Only in the first view of a visit (a read, a socket's first message): the version this seat
   * had seen before, where "since you were here" starts. */
  seen?: number;
};

/**
 * A seat's view as it is sent (JSON text), made once per change and seat: every socket's push, the
 * actor's answer and the reads until the next change share one `viewFor`, one JSON text and one
 * digest for the ETag. Kept per state object (every move makes a new one); what changes without a
 * move (seat names and bots, the clock, away and vacation marks, hints, the end of the table's
 * duplicate pool, which lifts the reveal's wait) is the rest of the key.
 * The text is made field by field (`parts`: each top-level field's own JSON text, in order), so a
 * socket that takes changes (sockets.ts) is sent the fields whose text differs from its last view.
 */
export interface ViewEntry {
  key: string;
  readonly json: string;
  /** Each top-level field of the view and its JSON text, in the view's order. */
  readonly parts: ViewParts;
  etag?: string;
}
/** A top-level field: its name, its JSON text, and for a list each element's text. */
export type ViewPart = readonly [key: string, text: string, items?: readonly string[]];
export type ViewParts = readonly ViewPart[];

const texts = new WeakMap<object, Map<number, ViewEntry>>();

/**
 * The fields of `view` and their JSON texts, and the whole as `JSON.stringify` writes it (the
 * same text: its fields in order, those whose value is undefined left out).
 */
function partsOf(view: object): { parts: ViewParts; json: string } {
  const parts: ViewPart[] = [];
  let json = "";
  for (const [k, value] of Object.entries(view)) {
    let part: ViewPart;
    if (Array.isArray(value)) {
      // A list's element that JSON cannot write (undefined) is written as null, as JSON.stringify does.
      const items: string[] = [];
      for (let i = 0; i < value.length; i++) items.push((JSON.stringify(value[i]) as string | undefined) ?? "null");
      part = [k, `[${items.join(",")}]`, items];
    } else {
      const text = JSON.stringify(value) as string | undefined;
      if (text === undefined) continue;
      part = [k, text];
    }
    parts.push(part);
    json += `${json ? "," : "{"}${JSON.stringify(k)}:${part[1]}`;
  }
  return { parts, json: json ? `${json}}` : "{}" };
}

/**
 * The texts are made when first asked for: a whole view (HTTP, sockets taking whole views) is one
 * `JSON.stringify`, a third of what cutting it into fields costs, which only sockets taking changes
 * need (they get the whole text from the same parts). The view object is the entry's own (apiView
 * copies what it takes from the table), so it is what it was when the entry was made.
 */
class Entry implements ViewEntry {
  etag?: string;
  private text: string | undefined;
  private cut: ViewParts | undefined;
  constructor(
    readonly key: string,
    private readonly view: ApiView,
  ) {}
  get json(): string {
    return (this.text ??= JSON.stringify(this.view));
  }
  get parts(): ViewParts {
    if (!this.cut) {
      const p = partsOf(this.view);
      this.cut = p.parts;
      this.text ??= p.json;
    }
    return this.cut;
  }
}

export function viewEntry(table: TableRecord, seat: number): ViewEntry {
  const key = JSON.stringify([table.id, table.version, table.seats.map((s) => [s.name, s.bot, s.leftBot ?? null, s.tookOver ?? null]), clockView(table), moveHintsAllowed(table.live), table.rematch ?? null, table.ended ?? null, standingProposal(table), table.poolDone ?? false]);
  let seats = texts.get(table.state);
  if (!seats) texts.set(table.state, (seats = new Map()));
  let e = seats.get(seat);
  if (!e || e.key !== key) seats.set(seat, (e = new Entry(key, apiView(table, seat))));
  return e;
}

/** The seat's view as JSON text. */
export const viewJson = (table: TableRecord, seat: number): string => viewEntry(table, seat).json;

/**
 * The seat's view as JSON text with its ETag: the version (API.md) and a digest of the whole view,
 * since a view also changes without a move (a seat given to a bot or to someone else, the clock,
 * away and vacation marks).
 */
export async function viewText(table: TableRecord, seat: number): Promise<{ json: string; etag: string }> {
  const e = viewEntry(table, seat);
  e.etag ??= `"${table.version}.${(await sha256Hex(e.json)).slice(0, 16)}"`;
  return { json: e.json, etag: e.etag };
}

/** A view's JSON text with the visit's `seen` mark (ApiView.seen) added: not part of the ETag. */
export const withSeen = (json: string, seen: number): string => `${json.slice(0, -1)},"seen":${seen}}`;

export function apiView(table: TableRecord, seat: number): ApiView {
  const { players, reveal, ...rest } = viewFor(table.state, seat);
  const clock = clockView(table);
  const ended = table.ended ?? null;
  // Ended by agreement: nothing more to do, whatever hand was in play.
  if (ended) Object.assign(rest, { phase: "over", legal: [], toAct: [], winners: ended.winners });
  return {
    id: table.id,
    version: table.version,
    ...rest,
    players: players.map((p) => {
      const s = table.seats[p.seat];
      return { ...p, name: s?.name ?? "", bot: s?.bot ?? s?.leftBot ?? null, left: !!s?.leftBot, tookOver: s?.tookOver ?? null };
    }),
    deadline: clock?.deadline ?? null,
    clock,
    hints: moveHintsAllowed(table.live),
    commitment: commitmentOf(table.state.seed),
    rules: table.state.rules,
    // A duplicate pool's deals are the same at its other tables: they wait until all have finished.
    ...(reveal ? { reveal: table.pool && !table.poolDone ? { waiting: "pool" as const } : reveal } : {}),
    rematch: table.rematch ?? null,
    ended,
    proposal: standingProposal(table),
  };
}
