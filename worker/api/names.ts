// Names people give (seats, players, league members, leagues): normalised so that one name has one
// spelling, refused when they carry characters that hide or reorder text, and compared by a
// skeleton so that look-alike spellings ("М1" in Cyrillic, "M\u200b1") count as the same name.
import * as v from "valibot";

// Lone surrogates (not storable as UTF-8), controls (NUL, ESC, CR, LF), format characters (bidi
// overrides, zero-width spaces and joiners), line/paragraph separators, private use, unassigned.
const FORBIDDEN = /[\p{Cs}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;
/** More combining marks on one letter than any language needs ("zalgo" text). */
const MARK_PILE = /\p{M}{4,}/u;

/** NFKC, runs of spaces as one space, trimmed (line breaks and tabs stay, to be refused). */
export const normaliseName = (raw: string): string => raw.normalize("NFKC").replace(/\p{Zs}+/gu, " ").replace(/^ | $/g, "");

/** Why a (normalised) name cannot be used, or null. */
export function nameProblem(name: string): string | null {
  if (FORBIDDEN.test(name)) return "control, invisible or direction-changing characters are not allowed.";
  if (MARK_PILE.test(name)) return "too many accents on one letter.";
  return null;
}

/** Letters of other scripts (and digits) that look like Latin ones, as UTS #39 would map them. */
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  і: "l", ї: "l", ј: "j", ѕ: "s", ԁ: "d", ԛ: "q", ԝ: "w", һ: "h", ӏ: "l",
  // Greek
  α: "a", β: "b", ε: "e", η: "n", ι: "l", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ω: "w", ζ: "z",
  // Digits and signs that pass for letters
  "0": "o", "1": "l", "|": "l", "!": "l", "$": "s", "@": "a",
};

/**
 * The name as compared for "taken": decomposed, marks dropped, upper-case I as l (it is in most
 * fonts), lower case, look-alikes mapped, "rn" as m, spaces and punctuation between letters ignored.
 */
export function nameSkeleton(name: string): string {
  const bare = normaliseName(name).normalize("NFKD").replace(/\p{M}/gu, "").replace(/I/g, "l").toLowerCase();
  let out = "";
  for (const ch of bare) out += Object.hasOwn(CONFUSABLE, ch) ? CONFUSABLE[ch] : ch;
  return out.replace(/i/g, "l").replace(/rn/g, "m").replace(/[\s\p{P}\p{S}\p{C}]/gu, "");
}

/** A valibot field for a name: normalised, checked, 1..max characters. */
export const nameField = (max: number, what: string, empty: string) =>
  v.pipe(
    v.string(),
    v.transform(normaliseName),
    v.check((s) => nameProblem(s) === null, (issue) => `${what}: ${nameProblem(String(issue.input))}`),
    v.minLength(1, empty),
    v.maxLength(max, `${what}: at most ${max} characters.`),
  );

/** Free text (a description): line breaks and tabs allowed, other hidden characters refused. */
export const textField = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.normalize("NFC").replace(/\r\n?/g, "\n").trim()),
    v.check((s) => nameProblem(s.replace(/[\n\t]/g, " ")) === null, (issue) => `${what}: ${nameProblem(String(issue.input).replace(/[\n\t]/g, " "))}`),
    v.maxLength(max, `${what}: at most ${max} characters.`),
  );
