// The league resource (/api/leagues): create, join, read a league's page, and the admin's actions.
// A key is the admin key or a member key (or the player's key, when a member joined with it);
// the keys this browser holds are kept by store/leagues.ts.
import type { InferInput } from "valibot";
import type { CreateLeagueSchema } from "../../../worker/api/league-schemas";
import type { leaguePage } from "../../../worker/leagues/page";
import type { withField } from "../../../worker/leagues/field-page";
import type { Standing } from "../../../worker/leagues/standings";
import type { Rules } from "../../../worker/engine";
import { call, post } from "./request";

export type { Standing };

/** A league's page as the server builds it (worker/leagues/page.ts). */
export type LeaguePage = ReturnType<typeof withField<ReturnType<typeof leaguePage>>>;
export type Round = LeaguePage["rounds"][number];
export type LeagueTable = Round["tables"][number];
/** What a table of a round may be: still played, finished, or decided by the admin. */
export type TableStatus = "playing" | "finished" | "scored" | "annulled";
export type CreateLeague = InferInput<typeof CreateLeagueSchema>;

const base = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;

/** With `playerKey` the player keeps the admin key, so "My leagues" finds it on their other devices. */
export const create = (req: CreateLeague, playerKey: string | null) =>
  post<{ id: string; adminKey: string; adminLink: string; invite: string; inviteLink: string }>("/api/leagues", req, playerKey);
/** The league as its invite shows it before joining (API.md Additions). */
export interface LeaguePreview {
  name: string;
  description: string;
  rules: Rules | null;
  tableSize: number;
  daysPerRound: number;
  members: number;
  decisionHours: number | null;
  seasonRounds: number;
  season: number;
  allowBots: boolean;
}
export const preview = (id: string, invite: string) => call<LeaguePreview>(`${base(id)}/preview`, {}, invite);
export const read = (id: string, key: string | null, season?: number) => call<LeaguePage>(`${base(id)}${season ? `?season=${season}` : ""}`, {}, key);
/** With `playerKey` the member joins with this browser's player (their key opens the seats). */
export const join = (id: string, invite: string, name: string, playerKey: string | null) =>
  post<{ member: { id: string; name: string }; key: string | null }>(`${base(id)}/join`, { invite, name }, playerKey);
export const startRound = (id: string, key: string, no: number, duplicate = false) => post(`${base(id)}/rounds`, duplicate ? { no, duplicate } : { no }, key);
export const closeRound = (id: string, key: string, no: number) => post(`${base(id)}/rounds/${no}/close`, {}, key);
export const extend = (id: string, key: string, no: number, days: number) => post(`${base(id)}/rounds/${no}/deadline`, { days }, key);
export const decide = (id: string, key: string, tableId: string, outcome: "score" | "annul") => post(`${base(id)}/tables/${tableId}/decide`, { outcome }, key);
export const replace = (id: string, key: string, tableId: string, seat: number, member: string | null) => post(`${base(id)}/tables/${tableId}/seats/${seat}`, { member }, key);
export const remove = (id: string, key: string, member: string) => call(`${base(id)}/members/${member}`, { method: "DELETE" }, key);
/** Remove and refuse their next join (their player, their name or a look-alike, their address). */
export const ban = (id: string, key: string, member: string) => post(`${base(id)}/members/${member}/ban`, {}, key);
/** A new invite: the old one opens nothing from now on. */
export const rotateInvite = (id: string, key: string) => post<{ invite: { code: string; link: string } }>(`${base(id)}/invite`, {}, key);
/** A new admin key (and so a new invite): the old key stops. */
export const rotateAdminKey = (id: string, key: string) => post<{ adminKey: string }>(`${base(id)}/admin-key`, {}, key);
/** Undo an admin log entry (a removal, within its minute). */
export const undo = (id: string, key: string, entry: number) => post(`${base(id)}/admin-log/${entry}/undo`, {}, key);
export const newSeason = (id: string, key: string) => post(`${base(id)}/seasons`, {}, key);
/** A member offers (or no longer offers) to take over seats others left. */
export const offerReserve = (id: string, key: string, reserve: boolean) => post(`${base(id)}/reserve`, { reserve }, key);
/** The admin gives a seat a bot plays for now (its player left or timed out) to a reserve. */
export const seatReserve = (id: string, key: string, tableId: string, seat: number, member: string) => post(`${base(id)}/tables/${tableId}/seats/${seat}/reserve`, { member }, key);
