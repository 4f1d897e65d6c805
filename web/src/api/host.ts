// The table's host (API.md additions): the host's page (every seat with its link again), a new
// link for a seat (to the same or another person), a seat handed to a bot. Every call takes the
// host key, which store/hosts.ts keeps.
import type { HostPage } from "../../../worker/api/host";
import type { BotLevel } from "./tables";
import type { OnTimeout } from "../logic/clock-choices";
import { call, post } from "./request";

export type { HostPage };

const base = (id: string) => `/api/tables/${encodeURIComponent(id)}`;

export const page = (id: string, key: string): Promise<HostPage> => call(`${base(id)}/host`, {}, key);

export const newLink = (id: string, seat: number, key: string, name?: string): Promise<{ seat: number; name: string; token: string; link: string }> =>
  post(`${base(id)}/seats/${seat}/link`, name ? { name } : {}, key);

export const toBot = (id: string, seat: number, key: string, bot: BotLevel = "normal"): Promise<{ seat: number; bot: string }> =>
  post(`${base(id)}/seats/${seat}/bot`, { bot }, key);

/** The table's clock from the next decision on (null: no limit); the answer is the clock now set. */
export const setClock = (id: string, key: string, clock: { hours: number; onTimeout: OnTimeout } | null): Promise<{ clock: { hours: number; onTimeout: OnTimeout } | null }> =>
  call(`${base(id)}/clock`, { method: "PATCH", body: JSON.stringify({ clock }) }, key);
