// How a delivery went, as the outbox records it.
export type SendResult =
  | { status: "sent" }
  /** Worth trying again later (network, timeout, 5xx, 429). */
  | { status: "retry"; error: string }
  /** Will not work by trying again (the receiver refused the message). */
  | { status: "failed"; error: string }
  /** The receiver says this channel will never work again (push 400/403/404/410): remove it. */
  | { status: "gone"; error: string };

/** Time allowed for one delivery; a slow receiver is a failure to retry, not a stuck consumer. */
export const SEND_TIMEOUT_MS = 10_000;

export function fromResponse(res: Response, goneMeansRemoved: boolean): SendResult {
  if (res.ok) return { status: "sent" };
  const error = `HTTP ${res.status}`;
  // A push service says a subscription will never work again: expired or removed (404, 410),
  // made for another VAPID key after a rotation (403, "VAPID credentials mismatch"), or one it
  // cannot use (400). Webhooks keep those as failures: a receiver's 4xx says nothing so lasting.
  if (goneMeansRemoved && [400, 403, 404, 410].includes(res.status)) return { status: "gone", error };
  if (res.status >= 500 || res.status === 408 || res.status === 429) return { status: "retry", error };
  return { status: "failed", error };
}

export async function post(url: string, init: RequestInit, goneMeansRemoved = false): Promise<SendResult> {
  try {
    const res = await fetch(url, { ...init, method: "POST", redirect: "manual", signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    // Drain the body so the connection is released.
    await res.arrayBuffer().catch(() => undefined);
    return fromResponse(res, goneMeansRemoved);
  } catch (e) {
    return { status: "retry", error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
