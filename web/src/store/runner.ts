// A page's "do this and say how it went": one action at a time, its message afterwards (what was
// done, or why not, worded by the page in the player's language).
import { createSignal } from "solid-js";

export function createRunner(wordError: (e: unknown) => string, after?: () => Promise<unknown>) {
  const [message, setMessage] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal(false);
  const run = async (fn: () => Promise<unknown>, done?: string): Promise<void> => {
    setMessage(null);
    setBusy(true);
    try {
      await fn();
      await after?.();
      if (done) setMessage(done);
    } catch (e) {
      setMessage(wordError(e));
    } finally {
      setBusy(false);
    }
  };
  return { message, setMessage, busy, run };
}
