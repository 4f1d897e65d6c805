/** The clock choices offered when a table is made and by its host, in hours per decision (0: no limit). */
export const CLOCK_HOURS = [12, 24, 48, 72, 168, 0];

export type OnTimeout = "botOnce" | "takeover";
