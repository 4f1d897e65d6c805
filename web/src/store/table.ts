// One open table: the newest view, the link's status, the action in flight, a notice line, and
// hints on request.
import { createSignal, onCleanup } from "solid-js";
import type { Action } from "../../../worker/engine";
import * as tables from "../api/tables";
import { ApiError } from "../api/request";
import { errorText, t } from "../i18n";

export function createTableStore(id: string, token: string) {
  const [view, setView] = createSignal<tables.TableView | null>(null);
  const [status, setStatus] = createSignal<tables.LinkStatus>("connecting");
  const [pending, setPending] = createSignal<Action | null>(null);
  const [notice, setNotice] = createSignal<string | null>(null);
  const [fatal, setFatal] = createSignal<ApiError | null>(null);

  // Views may arrive from the socket, a poll and an action answer in any order: keep the newest.
  const accept = (v: tables.TableView) => {
    const cur = view();
    if (!cur || v.version >= cur.version) setView(v);
  };
  // Socket messages besides views (the chat panel listens).
  const listeners = new Set<(msg: { type: string }) => void>();
  const listen = (fn: (msg: { type: string }) => void) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
  const live = tables.connect(
    id,
    token,
    accept,
    setStatus,
    (e) => {
      // A wrong link or a deleted table will not heal by retrying: stop and say so.
      if (e.status === 401 || e.status === 404) {
        setFatal(e);
        live.close();
      }
    },
    (msg) => listeners.forEach((fn) => fn(msg)),
  );
  onCleanup(() => live.close());

  async function act(action: Action) {
    const v = view();
    if (!v || pending()) return;
    setPending(action);
    setNotice(null);
    try {
      accept(await tables.act(id, token, v.version, action));
    } catch (e) {
      const err = e as ApiError;
      if (err.code === "STALE_VERSION") {
        // Someone else acted first: show the table as it is now, and say so.
        setNotice(t().staleReloaded);
        await live.refresh();
      } else {
        setNotice(noticeFor(err));
        if (err.status === 422) await live.refresh();
      }
    } finally {
      setPending(null);
    }
  }

  /** Ask for a suggestion; null (with a notice) when none came, or the table moved on meanwhile. */
  async function hint(): Promise<tables.TableHint | null> {
    setNotice(null);
    try {
      const h = await tables.hint(id, token);
      return h.version === view()?.version ? h : null;
    } catch (e) {
      setNotice(noticeFor(e));
      return null;
    }
  }

  return { view, status, pending, notice, setNotice, fatal, act, hint, listen };
}

export type TableStore = ReturnType<typeof createTableStore>;

/** The notice line for a failed request: offline (the table keeps polling), or the refusal in the player's words. */
const noticeFor = (e: unknown): string => (e instanceof ApiError && e.code === "NETWORK" ? t().polling : errorText(e, t().tableErrors));
