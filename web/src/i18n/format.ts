// Numbers, plurals, lists, dates and "how long ago" in the player's language, through Intl: the
// texts call these instead of writing "Karte(n)", "2.7" or a US date into a German sentence.
import type { Lang } from "../../../worker/engine";

export type { Lang };

export interface Forms {
  one: string;
  other: string;
}

const memo = <K, V>(make: (k: K) => V) => {
  const seen = new Map<K, V>();
  return (k: K): V => {
    let v = seen.get(k);
    if (v === undefined) seen.set(k, (v = make(k)));
    return v;
  };
};

const plurals = memo((lang: Lang) => new Intl.PluralRules(lang));
const lists = memo((lang: Lang) => new Intl.ListFormat(lang, { type: "conjunction" }));
const relative = memo((lang: Lang) => new Intl.RelativeTimeFormat(lang, { numeric: "auto" }));
const numbers = memo((key: string) => {
  const [lang, digits] = key.split(":");
  const d = Number(digits);
  return new Intl.NumberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d });
});

export const DATE = { dateStyle: "medium", timeStyle: "short" } as const satisfies Intl.DateTimeFormatOptions;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The formatters of one language. */
export function formats(lang: Lang) {
  return {
    /** `n` and the word that goes with it: "1 card", "2 cards", "1 Karte", "2 Karten". */
    count: (n: number, forms: Forms) => `${numbers(`${lang}:0`).format(n)} ${plurals(lang).select(n) === "one" ? forms.one : forms.other}`,
    /** A number with a fixed count of decimals in the language's way: 2.7, 2,7. */
    number: (n: number, digits = 0) => numbers(`${lang}:${digits}`).format(n),
    /** "Anna, Ben and Cleo", "Anna, Ben und Cleo". */
    list: (items: string[]) => lists(lang).format(items),
    date: (at: number | string | Date, options: Intl.DateTimeFormatOptions = DATE) => new Date(at).toLocaleString(lang, options),
    /** How long ago `ms` was, in the largest unit that fits: "3 hours ago", "gestern". */
    ago: (ms: number) => {
      if (ms < HOUR) return relative(lang).format(-Math.max(1, Math.round(ms / 60_000)), "minute");
      if (ms < 2 * DAY) return relative(lang).format(-Math.floor(ms / HOUR), "hour");
      return relative(lang).format(-Math.floor(ms / DAY), "day");
    },
  };
}
