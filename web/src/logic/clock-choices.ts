/**
 * The clock choices offered when a table is made and by its host, in hours per decision (0: no
 * limit): short ones for a game played in one sitting (5 minutes to 2 hours), then the
 * correspondence ones. The server takes whole minutes from five (worker/deadlines/options.ts).
 */
export const CLOCK_HOURS = [5 / 60, 15 / 60, 30 / 60, 1, 2, 12, 24, 48, 72, 168, 0];

export type OnTimeout = "botOnce" | "takeover";
