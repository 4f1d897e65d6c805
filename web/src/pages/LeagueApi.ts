// The client of the league API (worker/api/leagues.ts) and the league keys this browser holds.
// A key is the admin key or a member key (or the player's key, when a member joined with it).
import { request } from "../api";
import { load, save } from "../store/persist";

/** A member's line in the standings, as the server computes it. */
export type { Standing } from "../../../worker/leagues/standings";
import type { Standing } from "../../../worker/leagues/standings";

export interface LeagueTable {
  tableId: string;
  no: number;
  status: "playing" | "finished" | "scored" | "annulled";
  seats: { seat: number; member: string | null; name: string; bot: string | null; points: number | null; place: number | null }[];
  hands: number | null;
  waitingFor: { seat: number; name: string; bot: boolean; since: number }[];
  waitingMs: number | null;
  overdue: boolean;
  link: string | null;
}

export interface Round {
  season: number;
  no: number;
  startedAt: number;
  deadline: number;
  closedAt: number | null;
  tables: LeagueTable[];
}

export interface LeaguePage {
  league: {
    id: string;
    name: string;
    description: string;
    rules: Record<string, unknown>;
    resolvedRules: Record<string, unknown> | null;
    tableSize: number;
    allowBots: boolean;
    botLevel: string;
    roundDays: number;
    decisionHours: number | null;
    seasonRounds: number;
    visibility: "private" | "public";
    season: number;
  };
  you: { role: "admin" | "member" | "guest"; member?: string; name?: string };
  season: number;
  members: { id: string; name: string; status: "active" | "removed" }[];
  standings: Standing[];
  fairness: { pairMin: number; pairMax: number; afterMin: number; afterMax: number; botMin: number; botMax: number };
  rounds: Round[];
  notices: { kind: string; at: number; data: Record<string, unknown> }[];
  feeds: { csv: string; ics: string };
  invite: { code: string; link: string } | null;
  now: number;
}

export interface CreateLeague {
  name: string;
  description: string;
  rules: Record<string, unknown>;
  tableSize: number;
  allowBots: boolean;
  roundDays: number;
  decisionHours: number | null;
  visibility: "private" | "public";
}

async function call<T>(path: string, init: RequestInit = {}, key?: string | null): Promise<T> {
  return (await request<T>(path, init, key ?? undefined)).body as T;
}

const post = <T>(path: string, body: unknown, key?: string | null) => call<T>(path, { method: "POST", body: JSON.stringify(body) }, key);
const base = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;

export const leagueApi = {
  create: (req: CreateLeague) => post<{ id: string; adminKey: string; adminLink: string; invite: string; inviteLink: string }>("/api/leagues", req),
  read: (id: string, key: string | null, season?: number) => call<LeaguePage>(`${base(id)}${season ? `?season=${season}` : ""}`, {}, key),
  /** With `playerKey` the member joins with this browser's player (their key opens the seats). */
  join: (id: string, invite: string, name: string, playerKey: string | null) =>
    post<{ member: { id: string; name: string }; key: string | null }>(`${base(id)}/join`, { invite, name }, playerKey),
  startRound: (id: string, key: string, no: number) => post(`${base(id)}/rounds`, { no }, key),
  closeRound: (id: string, key: string, no: number) => post(`${base(id)}/rounds/${no}/close`, {}, key),
  extend: (id: string, key: string, no: number, days: number) => post(`${base(id)}/rounds/${no}/deadline`, { days }, key),
  decide: (id: string, key: string, tableId: string, outcome: "score" | "annul") => post(`${base(id)}/tables/${tableId}/decide`, { outcome }, key),
  replace: (id: string, key: string, tableId: string, seat: number, member: string | null) => post(`${base(id)}/tables/${tableId}/seats/${seat}`, { member }, key),
  remove: (id: string, key: string, member: string) => call(`${base(id)}/members/${member}`, { method: "DELETE" }, key),
  newSeason: (id: string, key: string) => post(`${base(id)}/seasons`, {}, key),
};

/**
 * The league keys of this browser, per league: the admin key and/or a membership (an admin may
 * also play). Pages are read with the admin key when there is one; the member key opens the seats.
 */
const KEY = "muli.leagues";
export interface Held {
  admin?: string;
  member?: { id: string; key: string };
}
type All = Record<string, Held>;

export const leagueKeys = {
  get: (id: string): Held => load<All>(KEY, {})[id] ?? {},
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
