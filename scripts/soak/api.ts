// HTTP to the soak's server, which may be dead at any moment: a request that meets a killed server
// waits for it to come back and is tried again when trying again is safe; otherwise it answers
// status 0 ("unknown": it may or may not have been done), and the caller reads what happened.

export interface Answer<T = any> {
  status: number;
  body: T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Api {
  /** Requests that met a dead server. */
  failed = 0;

  constructor(private readonly base: () => string) {}

  async call<T = any>(method: string, path: string, opts: { key?: string; body?: unknown; retry?: boolean; text?: boolean } = {}): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(this.base() + path, {
          method,
          headers: { ...(opts.key ? { Authorization: `Bearer ${opts.key}` } : {}), ...(opts.body === undefined ? {} : { "Content-Type": "application/json" }) },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await res.text();
        // A dying server may answer 5xx on its way down: the same as no answer.
        if (res.status >= 500 && opts.retry !== false && attempt < 200) {
          await sleep(500);
          continue;
        }
        let body: any = text;
        if (!opts.text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        return { status: res.status, body };
      } catch {
        this.failed++;
        if (opts.retry === false || attempt >= 400) return { status: 0, body: null as T };
        await sleep(500);
      }
    }
  }
}
