// The league keys this browser holds, and the store of one open league page.
import { createResource, createSignal } from "solid-js";
import * as leagues from "../api/leagues";
import { ApiError, asApiError } from "../api/request";
import { load, save } from "./persist";
import { playerKey } from "./player";

/**
 * The league keys of this browser, per league: the admin key and/or a membership (an admin may
 * also play). Pages are read with the admin key when there is one; the member key opens the seats.
 */
const KEY = "muli.leagues";
interface Held {
  admin?: string;
  member?: { id: string; key: string };
}
type All = Record<string, Held>;

export const leagueKeys = {
  get: (id: string): Held => load<All>(KEY, {})[id] ?? {},
  /** Every league this browser holds a key of. */
  ids: (): string[] => Object.entries(load<All>(KEY, {})).flatMap(([id, h]) => (h.admin || h.member ? [id] : [])),
  setAdmin: (id: string, key: string) => {
    const all = load<All>(KEY, {});
    save(KEY, { ...all, [id]: { ...all[id], admin: key } });
  },
  setMember: (id: string, member: { id: string; key: string }) => {
    const all = load<All>(KEY, {});
    save(KEY, { ...all, [id]: { ...all[id], member } });
  },
  forgetMember: (id: string) => {
    const all = load<All>(KEY, {});
    if (all[id]) delete all[id].member;
    save(KEY, all);
  },
};

/** One league's page as read with the best key this browser holds, for the chosen season. */
export function createLeague(id: string) {
  const [held, setHeld] = createSignal(leagueKeys.get(id));
  // A browser with a player may be a member through it (joined on another device, say).
  const key = () => held().admin ?? held().member?.key ?? playerKey();
  const [season, setSeason] = createSignal<number | undefined>(undefined);
  const [page, { refetch }] = createResource(
    () => ({ key: key(), season: season() }),
    (s) => leagues.read(id, s.key, s.season).catch((e: unknown) => asApiError(e)),
  );
  // An admin who also plays reads the page with the admin key, which shows no seat links: their
  // own seats' links come from the page as their member key reads it.
  const [asMember] = createResource(
    () => (held().admin && held().member ? { key: held().member!.key, season: season() } : false),
    (s) => leagues.read(id, s.key, s.season).catch(() => null),
  );
  const ok = () => {
    const p = page();
    if (!p || p instanceof ApiError) return null;
    const links = new Map((asMember()?.rounds ?? []).flatMap((r) => r.tables).flatMap((t) => (t.link ? [[t.tableId, t.link] as const] : [])));
    if (!links.size) return p;
    return { ...p, rounds: p.rounds.map((r) => ({ ...r, tables: r.tables.map((t) => (t.link ? t : { ...t, link: links.get(t.tableId) ?? null })) })) };
  };
  const failed = () => {
    const p = page();
    return p instanceof ApiError ? p : null;
  };
  return {
    held,
    key,
    page: ok,
    failed,
    setSeason,
    refetch,
    joined(member: { id: string; key: string }) {
      leagueKeys.setMember(id, member);
      setHeld(leagueKeys.get(id));
    },
  };
}
