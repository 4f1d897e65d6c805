// The league resource (/api/leagues): create, join, read a league's page, and the admin's actions.
// A key is the admin key or a member key (or the player's key, when a member joined with it);
// the keys this browser holds are kept by store/leagues.ts.
import type { Standing } from "../../../worker/leagues/standings";
import { call, post } from "./request";

export type { Standing };

// The page is built inline by the league route; until it has a builder of its own to take the
// type from, its shape is written out here (keep it in step with worker/api/leagues.ts).
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

const base = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;

export const create = (req: CreateLeague) => post<{ id: string; adminKey: string; adminLink: string; invite: string; inviteLink: string }>("/api/leagues", req);
export const read = (id: string, key: string | null, season?: number) => call<LeaguePage>(`${base(id)}${season ? `?season=${season}` : ""}`, {}, key);
/** With `playerKey` the member joins with this browser's player (their key opens the seats). */
export const join = (id: string, invite: string, name: string, playerKey: string | null) =>
  post<{ member: { id: string; name: string }; key: string | null }>(`${base(id)}/join`, { invite, name }, playerKey);
export const startRound = (id: string, key: string, no: number) => post(`${base(id)}/rounds`, { no }, key);
export const closeRound = (id: string, key: string, no: number) => post(`${base(id)}/rounds/${no}/close`, {}, key);
export const extend = (id: string, key: string, no: number, days: number) => post(`${base(id)}/rounds/${no}/deadline`, { days }, key);
export const decide = (id: string, key: string, tableId: string, outcome: "score" | "annul") => post(`${base(id)}/tables/${tableId}/decide`, { outcome }, key);
export const replace = (id: string, key: string, tableId: string, seat: number, member: string | null) => post(`${base(id)}/tables/${tableId}/seats/${seat}`, { member }, key);
export const remove = (id: string, key: string, member: string) => call(`${base(id)}/members/${member}`, { method: "DELETE" }, key);
export const newSeason = (id: string, key: string) => post(`${base(id)}/seasons`, {}, key);
