// The Worker's log lines: one JSON object per line, so Workers Logs (wrangler.toml's
// [observability]) can filter on its fields. Every line has a level, an event from the list below
// (README, "Log events"), the invocation's id when there is one (the request's cf-ray, or a fresh
// id per queue batch or cron run), the ids it is about, and an error's code and message. Never a
// token, key or address: the fields are ids by type, and an error's message is scrubbed of what
// looks like a secret, a link's fragment or an e-mail address before it is written.
import { AsyncLocalStorage } from "node:async_hooks";

/** Every event the Worker logs; README "Log events" says what each means. */
export type LogEvent =
  | "request.failed"
  | "link.unopenable"
  | "table.write_failed"
  | "table.reloaded"
  | "table.move_unverified"
  | "table.engine_threw"
  | "table.record_differs"
  | "table.analysis_failed"
  | "table.hint_threw"
  | "table.socket_failed"
  | "table.chat_notice_failed"
  | "table.rematch_unlinked"
  | "bot.failed"
  | "bot.illegal_action"
  | "bot.turn_failed"
  | "notify.message_failed"
  | "notify.dead_lettered"
  | "notify.pruned"
  | "signin.mail_not_sent"
  | "health.failed"
  | "operator.alert_failed"
  | "league.round_slice_failed"
  | "league.round_start_failed";

export type LogLevel = "info" | "warn" | "error";

/** What a line may carry besides its event: ids, small numbers and words, never a secret. */
export interface LogFields {
  tableId?: string;
  leagueId?: string;
  playerId?: string;
  seat?: number;
  version?: number;
  /** A short machine word (an action's type, a queue message's type, a check's name). */
  kind?: string;
  /** Counts and the like. */
  count?: Record<string, number>;
}

const context = new AsyncLocalStorage<string>();

/** Run `fn` with `id` as the invocation id of every line it logs. */
export const withInvocation = <T>(id: string, fn: () => T): T => context.run(id, fn);

/** An invocation id for a request: Cloudflare's ray id when there is one. */
export const requestId = (headers: Headers): string => headers.get("cf-ray") ?? crypto.randomUUID();

// What must not reach a log line even inside an error's message: a link's fragment (a seat
// token), an e-mail address, and any run of 22+ base64url or 32+ hex characters (128 bits: a
// token, key or hash). Ids are shorter than that.
const SCRUB: [RegExp, string][] = [
  [/#[^\s"']*/g, "#…"],
  [/[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g, "[address]"],
  [/[A-Za-z0-9_-]{22,}/g, "[secret]"],
];

export function scrub(text: string): string {
  let out = text;
  for (const [re, by] of SCRUB) out = out.replace(re, by);
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

/** An error as { code, message }: FailureError's failure code, else the error's name. */
function describe(e: unknown): { code: string; message: string } {
  if (e && typeof e === "object") {
    const failure = (e as { failure?: { code?: unknown } }).failure;
    const code = typeof failure?.code === "string" ? failure.code : typeof (e as { code?: unknown }).code === "string" ? String((e as { code: string }).code) : e instanceof Error ? e.name : "Error";
    const message = e instanceof Error ? e.message : String((e as { message?: unknown }).message ?? "");
    return { code, message: scrub(message) };
  }
  return { code: "Error", message: scrub(String(e)) };
}

/** The line as written (exported for the tests of what a line may hold). */
export function logLine(level: LogLevel, event: LogEvent, fields: LogFields = {}, error?: unknown): string {
  const line: Record<string, unknown> = { level, event };
  const id = context.getStore();
  if (id) line.invocation = id;
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) line[k] = typeof v === "string" ? scrub(v) : v;
  if (error !== undefined) line.error = describe(error);
  return JSON.stringify(line);
}

export function logEvent(level: LogLevel, event: LogEvent, fields?: LogFields, error?: unknown): void {
  const text = logLine(level, event, fields, error);
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

/** The ids a message (a queue message, say) carries, for its log line; nothing else of it. */
export function idsOf(m: object): Pick<LogFields, "tableId" | "leagueId" | "playerId"> {
  const r = m as Record<string, unknown>;
  const pick = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : undefined);
  return { tableId: pick("tableId"), leagueId: pick("leagueId"), playerId: pick("playerId") };
}
