// The end of a table (shared/API.md additions "Leaving and playing again", and ending by
// agreement): leave, propose or decline an end, play again. Apart from tables.ts because only
// parts loaded on demand use it (the table page's JavaScript has a budget).
import { post, request } from "./request";

const base = (id: string) => `/api/tables/${encodeURIComponent(id)}`;

/** A seat's own link to the rematch (API.md additions: POST /rematch). */
export interface RematchLink {
  id: string;
  seat: number;
  token: string;
  link: string;
}

/** Leave the game: a bot plays the seat to the end. */
export const leave = (id: string, token: string): Promise<{ seat: number; bot: string }> => post(`${base(id)}/leave`, {}, token);

/** Play again: the new table's id and this seat's own new link. */
export const rematch = (id: string, token: string): Promise<RematchLink> => post<RematchLink>(`${base(id)}/rematch`, {}, token);

/** Propose (or agree to) ending the game: scored as it stands, or annulled. */
export const proposeEnd = (id: string, token: string, outcome: "score" | "annul"): Promise<unknown> => post(`${base(id)}/end`, { outcome }, token);

/** Decline (or withdraw) the standing proposal to end the game. */
export const declineEnd = async (id: string, token: string): Promise<void> => void (await request(`${base(id)}/end`, { method: "DELETE" }, token));

