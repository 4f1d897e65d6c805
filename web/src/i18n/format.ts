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
const relative = memo((lang: Lang) => new Intl.RelativeTimeFormat(lang, { numeric: "auto" }));
const numbers = memo((key: string) => {
  const [lang, digits] = key.split(":");
  const d = Number(digits);
  return new Intl.NumberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d });
});
const signed = memo((lang: Lang) => new Intl.NumberFormat(lang, { signDisplay: "exceptZero" }));

// The table's first paint writes counts ("3 Stiche") and the players' names as a list. Intl's
// formatters cost their locale data on first use (~50 ms a kind on a fast machine, four times that
// on Lighthouse's phone), so the cases of the two languages that need no data are written out,
// with the same text as Intl (test/web/i18n.test.ts compares them); the rest goes through Intl.

/** A whole number both languages write without a group separator (Intl writes 1000 as "1.000" in German). */
const plain = (n: number) => Number.isInteger(n) && Math.abs(n) < 1000 && !Object.is(n, -0);

/** Whether `n` takes the singular: in English and German only a whole 1 or -1 does. */
export function isOne(lang: Lang, n: number): boolean {
  return plain(n) ? Math.abs(n) === 1 : plurals(lang).select(n) === "one";
}

/** A number with a fixed count of decimals in the language's way: 2.7, 2,7. */
export function formatNumber(lang: Lang, n: number, digits = 0): string {
  return digits === 0 && plain(n) ? String(n) : numbers(`${lang}:${digits}`).format(n);
}

/** A change with its sign, none for zero: "+3", "-2", "0". */
export function formatSigned(lang: Lang, n: number): string {
  return plain(n) ? (n > 0 ? `+${n}` : String(n)) : signed(lang).format(n);
}

const AND: Record<Lang, [two: string, last: string]> = { en: [" and ", ", and "], de: [" und ", " und "] };

/** "Anna, Ben, and Cleo", "Anna, Ben und Cleo": Intl.ListFormat's conjunction, written out. */
export function formatList(lang: Lang, items: string[]): string {
  if (items.length < 2) return items.join("");
  const [two, last] = AND[lang];
  if (items.length === 2) return items[0] + two + items[1];
  return items.slice(0, -1).join(", ") + last + items[items.length - 1];
}

export const DATE = { dateStyle: "medium", timeStyle: "short" } as const satisfies Intl.DateTimeFormatOptions;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The formatters of one language. */
export function formats(lang: Lang) {
  return {
    /** `n` and the word that goes with it: "1 card", "2 cards", "1 Karte", "2 Karten". */
    count: (n: number, forms: Forms) => `${formatNumber(lang, n)} ${isOne(lang, n) ? forms.one : forms.other}`,
    /** A number with a fixed count of decimals in the language's way: 2.7, 2,7. */
    number: (n: number, digits = 0) => formatNumber(lang, n, digits),
    /** "Anna, Ben and Cleo", "Anna, Ben und Cleo". */
    list: (items: string[]) => formatList(lang, items),
    date: (at: number | string | Date, options: Intl.DateTimeFormatOptions = DATE) => new Date(at).toLocaleString(lang, options),
    /** How long ago `ms` was, in the largest unit that fits: "3 hours ago", "gestern". */
    ago: (ms: number) => {
      if (ms < HOUR) return relative(lang).format(-Math.max(1, Math.round(ms / 60_000)), "minute");
      if (ms < 2 * DAY) return relative(lang).format(-Math.floor(ms / HOUR), "hour");
      return relative(lang).format(-Math.floor(ms / DAY), "day");
    },
  };
}
