// What a chat message may hold: plain text of 1–500 characters after trimming (counted in code
// points, so an emoji is one), or one of a small fixed set of quick reactions. Pure.

export const MAX_CHAT_CHARS = 500;

/** Messages per author per window: generous for talk, useless for flooding. */
export const CHAT_RATE = { messages: 10, windowMs: 60_000 };

/** The quick reactions, one tap each; stored as messages of kind `reaction` with the code as text. */
export const REACTIONS = {
  gg: { emoji: "👏", de: "Gut gespielt!", en: "Well played!" },
  luck: { emoji: "🍀", de: "Viel Glück!", en: "Good luck!" },
  thanks: { emoji: "🙏", de: "Danke!", en: "Thanks!" },
  oops: { emoji: "😅", de: "Hoppala!", en: "Oops!" },
  wow: { emoji: "😮", de: "Na servas!", en: "Wow!" },
  later: { emoji: "⏳", de: "Ich spiel später weiter.", en: "I'll play on later." },
} as const;

export type ReactionCode = keyof typeof REACTIONS;

export const REACTION_CODES = Object.keys(REACTIONS) as ReactionCode[];

export const isReaction = (code: string): code is ReactionCode => Object.hasOwn(REACTIONS, code);

// Control characters (but newline and tab) and the bidirectional overrides that could make a
// message look like someone else's words.
const UNWANTED = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/** The text as stored, or null when it is empty or too long after trimming. */
export function cleanText(raw: string): string | null {
  const text = raw.replace(/\r\n?/g, "\n").replace(UNWANTED, "").trim();
  const chars = [...text].length;
  return chars >= 1 && chars <= MAX_CHAT_CHARS ? text : null;
}

/** A message's words for someone who reads it in `lang` (a reaction in their language). */
export function spoken(m: { kind: string; text: string }, lang: "de" | "en"): string {
  if (m.kind === "reaction" && isReaction(m.text)) return `${REACTIONS[m.text].emoji} ${REACTIONS[m.text][lang]}`;
  return m.text;
}
