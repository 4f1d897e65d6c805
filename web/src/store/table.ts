// One open table: the newest view, the link's status, the action in flight, a move waiting for the
// network, a notice line, and hints on request.
import { createEffect, createSignal, on, onCleanup } from "solid-js";
import type { Action } from "../../../worker/engine";
import * as tables from "../api/tables";
import { ApiError } from "../api/request";
import { errorText, t } from "../i18n";

/** A move made without a network: sent with the version it was made at once the link is back. */
export interface UnsentMove {
  action: Action;
  version: number;
}

export function createTableStore(id: string, token: string) {
  const [view, setView] = createSignal<tables.TableView | null>(null);
  const [status, setStatus] = createSignal<tables.LinkStatus>("connecting");
  const [pending, setPending] = createSignal<Action | null>(null);
  const [unsent, setUnsent] = createSignal<UnsentMove | null>(null);
  // `network`: a notice about the connection, cleared once the link is live again.
  const [notice, setNoticeState] = createSignal<{ text: string; network?: boolean } | null>(null);
  const [fatal, setFatal] = createSignal<ApiError | null>(null);
  // "Since you were here": the version this seat had seen before this visit (the smallest `seen`
  // of the visit's first views, since a read and the socket both tell it) and the version found.
  const [since, setSince] = createSignal<{ from: number; to: number } | null>(null);
  const setNotice = (text: string | null, network = false) => setNoticeState(text === null ? null : { text, network });

  // Views may arrive from the socket, a poll and an action answer in any order: keep the newest.
  const accept = (v: tables.TableView) => {
    if (v.seen !== undefined) {
      const seen = v.seen;
      setSince((s) => (s === null ? { from: seen, to: v.version } : { from: Math.min(s.from, seen), to: s.to }));
    }
    const cur = view();
    // The page's first read and the socket's first message bring the same view: taking the second
    // too would run every part of the table again (a long task on load) to draw the same thing.
    if (cur && v.version === cur.version && sameView(cur, v)) return;
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

  // Back online: an old "offline" notice is no longer true, and a waiting move goes out.
  createEffect(
    on(status, (s) => {
      if (s !== "live") return;
      if (notice()?.network) setNotice(null);
      void flush();
    }),
  );

  async function send(action: Action, version: number): Promise<"sent" | "network"> {
    setPending(action);
    try {
      accept(await tables.act(id, token, version, action));
      return "sent";
    } catch (e) {
      const err = e as ApiError;
      if (err.code === "NETWORK") return "network";
      if (err.code === "STALE_VERSION") {
        // Someone else acted first: show the table as it is now, and say so.
        setNotice(t().staleReloaded);
        await live.refresh();
      } else {
        setNotice(noticeFor(err));
        if (err.status === 422) await live.refresh();
      }
      return "sent";
    } finally {
      setPending(null);
    }
  }

  async function act(action: Action) {
    const v = view();
    if (!v || pending() || unsent()) return;
    setNotice(null);
    if (status() === "offline" || (await send(action, v.version)) === "network") {
      setUnsent({ action, version: v.version });
      setNotice(t().unsent, true);
      // The header must not go on saying "live" over a link that just failed.
      if (status() === "live") live.reconnect();
    }
  }

  /** Send the waiting move with the version it was made at: a table that moved on refuses it. */
  async function flush() {
    const u = unsent();
    if (!u || pending()) return;
    if ((await send(u.action, u.version)) === "network") return;
    setUnsent(null);
    if (notice()?.text === t().staleReloaded) setNotice(t().unsentStale);
  }

  /** The player takes the waiting move back. */
  function cancelUnsent() {
    setUnsent(null);
    setNotice(t().unsentFailed);
  }

  /** Ask for a suggestion; null (with a notice) when none came, or the table moved on meanwhile. */
  async function hint(): Promise<tables.TableHint | null> {
    setNotice(null);
    try {
      const h = await tables.hint(id, token);
      return h.version === view()?.version ? h : null;
    } catch (e) {
      setNotice(noticeFor(e), e instanceof ApiError && e.code === "NETWORK");
      return null;
    }
  }

  return { view, status, pending, unsent, cancelUnsent, notice: () => notice()?.text ?? null, setNotice, fatal, act, hint, listen, since };
}

export type TableStore = ReturnType<typeof createTableStore>;

/** The same view, told twice (`seen`, this visit's starting point, may differ and shows nothing itself). */
const sameView = (a: tables.TableView, b: tables.TableView): boolean => JSON.stringify({ ...a, seen: undefined }) === JSON.stringify({ ...b, seen: undefined });

/** The notice line for a failed request: offline (the table keeps polling), or the refusal in the player's words. */
const noticeFor = (e: unknown): string => (e instanceof ApiError && e.code === "NETWORK" ? t().polling : errorText(e, t().tableErrors));
