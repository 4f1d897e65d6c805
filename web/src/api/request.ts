// The shared part of every API call: JSON in and out, the bearer key, and one error type for a
// refusal (the server's `code` and message) or a network failure.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** INVALID_RULES: the option at fault. */
    readonly option?: string,
  ) {
    super(message);
  }
}

/** A failure that is not an ApiError (a bug, a browser refusing something) as one. */
export const asApiError = (e: unknown): ApiError => (e instanceof ApiError ? e : new ApiError(0, "CLIENT", String(e)));

interface Reply<T> {
  status: number;
  /** null for `304 Not Modified`. */
  body: T | null;
  etag: string | null;
}

/** A JSON request to the API; a refusal becomes an ApiError with the server's code. */
export async function request<T>(path: string, init: RequestInit = {}, key?: string | null): Promise<Reply<T>> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set("Content-Type", "application/json");
  if (key) headers.set("Authorization", `Bearer ${key}`);
  let res: Response;
  try {
    // no-store: the browser's own cache must not answer (the app revalidates with the ETag itself,
    // and a cached view of another seat opened in this browser must never come back).
    res = await fetch(path, { cache: "no-store", ...init, headers });
  } catch {
    throw new ApiError(0, "NETWORK", "network");
  }
  if (res.status === 304) return { status: 304, body: null, etag: res.headers.get("ETag") };
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string; option?: string } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? "HTTP_" + res.status, err?.message ?? res.statusText, err?.option);
  }
  return { status: res.status, body: body as T, etag: res.headers.get("ETag") };
}

/** The body of a call that answers one (not 304). */
export const call = async <T>(path: string, init: RequestInit = {}, key?: string | null): Promise<T> => (await request<T>(path, init, key)).body as T;

export const post = <T>(path: string, body: unknown, key?: string | null): Promise<T> => call<T>(path, { method: "POST", body: JSON.stringify(body) }, key);
