// The player's preferences: card style, language, bidding hints. Kept in localStorage.
import { createEffect, createMemo, createRoot, createSignal } from "solid-js";
import type { Lang } from "../i18n/format";
import { load, save } from "./persist";

export type CardStyle = "dd" | "fr";
export type LangChoice = "auto" | Lang;

export interface Settings {
  cardStyle: CardStyle;
  lang: LangChoice;
  hints: boolean;
  /** French cards in four colours: clubs green, diamonds blue. */
  fourColors: boolean;
  /** Ask "play this?" before a card or a button is sent (against stray taps on a phone). */
  confirmMoves: boolean;
}

const KEY = "muli.settings";

/** The browser's languages; none where there is no browser (the client's logic tested in Node 20). */
const navigatorLanguages = (): readonly string[] => (typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]));

function browserLang(languages: readonly string[] = navigatorLanguages()): Lang {
  for (const l of languages) {
    const base = l.toLowerCase().slice(0, 2);
    if (base === "de") return "de";
    if (base === "en") return "en";
  }
  return "en";
}

function createSettings() {
  const [get, set] = createSignal<Settings>({ cardStyle: "dd", lang: "auto", hints: true, fourColors: false, confirmMoves: false, ...load<Partial<Settings>>(KEY, {}) });
  createEffect(() => save(KEY, get()));
  // Every text asks for the language (t()), hundreds of times in the table's first render: worked
  // out once per change of the setting or of the browser's languages, not at each call (reading
  // navigator.languages each time cost ~90 ms at Lighthouse's 4× slowdown).
  const [navLang, setNavLang] = createSignal(browserLang());
  if (typeof addEventListener === "function") addEventListener("languagechange", () => setNavLang(browserLang()));
  const lang = createMemo((): Lang => (get().lang === "auto" ? navLang() : (get().lang as Lang)));
  createEffect(() => (document.documentElement.lang = lang()));
  return {
    get,
    update: (patch: Partial<Settings>) => set({ ...get(), ...patch }),
    lang,
  };
}

export const settings = createRoot(createSettings);
