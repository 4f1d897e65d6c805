// The client's one text system: the texts of the player's language (Settings, else the browser's),
// and a refusal in the player's words. Texts live in en.ts and de.ts (same keys, checked by type).
import { ApiError } from "../api/request";
import { settings } from "../store/settings";
import { de } from "./de";
import { en, type Texts } from "./en";

export type { Texts };

export const t = (): Texts => (settings.lang() === "de" ? de : en);

/**
 * What to show for a failed call: the player's words for a code this part of the app knows
 * (`area`: the table's, the league's, the player's refusals), else for a code every call may get,
 * else the server's own message.
 */
export function errorText(e: unknown, area?: Record<string, string>): string {
  if (!(e instanceof ApiError)) return String(e);
  const common: Record<string, string> = t().errors;
  // A refused house rule: the server's message says exactly why, in English; other languages name the rule.
  if (e.code === "INVALID_RULES" && e.option && t().lang !== "en") return t().invalidRule(t().rules[e.option as keyof Texts["rules"]]?.[0] ?? e.option);
  const known = area?.[e.code] ?? common[e.code];
  if (known) return known;
  // A code this client has no words for: the server's own (English) message in English, a plain
  // sentence with the code in any other language, never English inside a German page.
  return t().lang === "en" ? e.message : t().unknownError(e.code);
}
