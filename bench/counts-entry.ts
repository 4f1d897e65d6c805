// The Worker as bench/counts.mjs runs it: the real entry and table object, with every binding
// that Cloudflare bills for wrapped in a counter. Answers GET /api/__counts with the totals (and
// /api/__counts/reset). Never deployed. D1 rows come from the rows_read / rows_written that
// local D1 reports per statement (SQLite's own cursor counts, as D1 reports them); statements
// run through raw() or first() report none, so a read-only one is also run once through all()
// to learn its rows read (a SELECT, so without effect), and a writing one counts what it returned.
import worker, { TableRoom as Room } from "../worker/index";
import type { Env } from "../worker/base/env";

const counts = {
  workerRequests: 0,
  queueInvocations: 0,
  doRequests: 0,
  doAlarms: 0,
  d1Statements: 0,
  d1RowsRead: 0,
  d1RowsWritten: 0,
  queueMessagesSent: 0,
  queueMessagesDelivered: 0,
  r2ClassA: 0,
  r2ClassB: 0,
};
type Meta = { rows_read?: number; rows_written?: number };
const addMeta = (m: Meta | undefined) => {
  counts.d1Statements++;
  counts.d1RowsRead += m?.rows_read ?? 0;
  counts.d1RowsWritten += m?.rows_written ?? 0;
};
const originals = new WeakMap<object, D1PreparedStatement>();
const readOnly = (sql: string) => /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete)\b/i.test(sql);

function statement(stmt: D1PreparedStatement, sql: string): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => statement(stmt.bind(...values), sql),
    all: async () => {
      const r = await stmt.all();
      addMeta(r.meta);
      return r;
    },
    run: async () => {
      const r = await stmt.run();
      addMeta(r.meta);
      return r;
    },
    raw: async (options?: { columnNames?: boolean }) => {
      if (readOnly(sql)) addMeta((await stmt.all()).meta);
      const rows = await stmt.raw(options as { columnNames: true });
      if (!readOnly(sql)) addMeta({ rows_written: Math.max(rows.length - (options?.columnNames ? 1 : 0), 0) });
      return rows;
    },
    first: async (column?: string) => {
      if (readOnly(sql)) addMeta((await stmt.all()).meta);
      const row = await (column ? stmt.first(column) : stmt.first());
      if (!readOnly(sql)) addMeta({ rows_written: row === null ? 0 : 1 });
      return row;
    },
  } as unknown as D1PreparedStatement;
  originals.set(wrapped, stmt);
  return wrapped;
}

function database(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (key === "batch")
        return async (stmts: D1PreparedStatement[]) => {
          const results = await target.batch(stmts.map((s) => originals.get(s) ?? s));
          for (const r of results) addMeta(r.meta);
          return results;
        };
      const v = Reflect.get(target, key);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function tables(ns: DurableObjectNamespace): DurableObjectNamespace {
  const stub = (s: DurableObjectStub) =>
    new Proxy(s, {
      get(target, key) {
        const v = (target as unknown as Record<PropertyKey, unknown>)[key];
        if (typeof v !== "function" || key === "then") return v;
        return (...args: unknown[]) => {
          counts.doRequests++;
          return (target as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[key](...args);
        };
      },
    });
  return new Proxy(ns, {
    get(target, key) {
      const v = Reflect.get(target, key);
      if (key === "get" || key === "getByName") return (...args: unknown[]) => stub((v as (...a: unknown[]) => DurableObjectStub).apply(target, args));
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function counted(env: Env): Env {
  const queue = env.NOTIFY;
  const records = env.RECORDS;
  return {
    ...env,
    DB: database(env.DB),
    TABLES: tables(env.TABLES as unknown as DurableObjectNamespace) as unknown as Env["TABLES"],
    NOTIFY: {
      send: (body: unknown, o?: QueueSendOptions) => {
        counts.queueMessagesSent++;
        return queue!.send(body as never, o);
      },
      sendBatch: (msgs: Iterable<MessageSendRequest>, o?: QueueSendBatchOptions) => {
        const list = [...msgs];
        counts.queueMessagesSent += list.length;
        return queue!.sendBatch(list as never, o);
      },
    } as unknown as Env["NOTIFY"],
    RECORDS: new Proxy(records, {
      get(target, key) {
        const v = Reflect.get(target, key);
        if (typeof v !== "function") return v;
        return (...args: unknown[]) => {
          if (key === "put" || key === "list" || key === "createMultipartUpload") counts.r2ClassA++;
          else if (key === "get" || key === "head") counts.r2ClassB++;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }),
  };
}

export class TableRoom extends Room {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, counted(env));
  }
  override async alarm(): Promise<void> {
    counts.doAlarms++;
    return super.alarm();
  }
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname === "/api/__counts") return Response.json(counts);
    if (url.pathname === "/api/__counts/reset") {
      for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] = 0;
      return Response.json(counts);
    }
    counts.workerRequests++;
    return worker.fetch(request, counted(env), ctx);
  },
  async queue(batch: MessageBatch, env: Env) {
    counts.queueInvocations++;
    counts.queueMessagesDelivered += batch.messages.length;
    return worker.queue(batch as never, counted(env));
  },
  scheduled: worker.scheduled,
};
