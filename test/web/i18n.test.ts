// The client's texts: German and English have the same keys (the type checks it too), and plurals,
// numbers, lists and dates come out in each language's own way (Intl), not as "Karte(n)" or "2.7".
import { describe, expect, it } from "vitest";
import { BOT_LEVELS } from "../../worker/bots";
import { de } from "../../web/src/i18n/de";
import { en } from "../../web/src/i18n/en";
import { leagueDe, leagueEn } from "../../web/src/i18n/league-words";
import { formatList, formatNumber, formatSigned, isOne } from "../../web/src/i18n/format";

// The league pages' words are reached through leagueWords(), outside t() (the table page's size).
const league = { de: leagueDe, en: leagueEn };

const keysOf = (o: object, at = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" && !Array.isArray(v) ? keysOf(v, `${at}${k}.`) : [`${at}${k}`]));

describe("texts", () => {
  it("has the same keys in German and English", () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
    expect(keysOf(league.de).sort()).toEqual(keysOf(league.en).sort());
  });

  it("offers the server's bot levels, weakest first (not the old name `hard`)", () => {
    expect(Object.keys(en.botLevels)).toEqual([...BOT_LEVELS]);
    expect(Object.keys(de.botLevels)).toEqual(Object.keys(en.botLevels));
  });

  it("says one and many in each language", () => {
    expect(de.tricksLabel(1)).toBe("1 Stich in dieser Runde");
    expect(de.tricksLabel(0)).toBe("0 Stiche in dieser Runde");
    expect(en.tricksLabel(1)).toBe("1 trick this hand");
    expect(en.tricksLabel(3)).toBe("3 tricks this hand");
    expect(de.askExchange(1)).toBe("Wähle bis zu 1 Karte zum Tauschen.");
    expect(de.askDiscard(2)).toBe("Wähle 2 Karten zum Ablegen.");
    expect(en.askDiscard(1)).toBe("Select 1 card to discard.");
    expect(league.en.fairness(1, 1)).toBe("Seating this season: every two members met 1 time.");
    expect(league.en.fairness(2, 3)).toBe("Seating this season: every two members met 2 to 3 times.");
    expect(league.de.fairness(1, 2)).toBe("Sitzordnung dieser Saison: je zwei Mitglieder saßen 1 bis 2 Mal zusammen.");
    expect(en.player.daysLeft(1)).toBe("1 day left this year");
    expect(de.player.daysLeft(14)).toBe("14 Tage übrig in diesem Jahr");
  });

  it("writes numbers and lists the language's way", () => {
    expect(league.de.decimal(2.75, 2)).toBe("2,75");
    expect(league.en.decimal(2.75, 2)).toBe("2.75");
    expect(league.de.result(3, 2, 4, 1.5)).toBe("Runde 3: 2/4 (+1,5)");
    expect(league.en.result(3, 1, 4, 3)).toBe("Round 3: 1/4 (+3)");
    expect(de.waitingFor(["Anna", "Ben", "Cleo"])).toBe("Wartet auf Anna, Ben und Cleo");
    expect(en.wonTogether(["Anna", "Ben", "Cleo"])).toBe("Anna, Ben, and Cleo won together!");
  });

  it("writes counts, lists and signed numbers as Intl does, without asking Intl where it need not", () => {
    const names = ["Anna", "Ben", "Cleo", "Dora", "Ede"];
    for (const lang of ["de", "en"] as const) {
      const plural = new Intl.PluralRules(lang);
      const whole = new Intl.NumberFormat(lang, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
      const sign = new Intl.NumberFormat(lang, { signDisplay: "exceptZero" });
      for (const n of [-1001, -1000, -999, -12, -2, -1, -0, 0, 1, 2, 3, 10, 21, 999, 1000, 1234, 12345, 0.5, 1.5, -2.5]) {
        expect(isOne(lang, n), `${lang} ${n}`).toBe(plural.select(n) === "one");
        expect(formatNumber(lang, n), `${lang} ${n}`).toBe(whole.format(n));
        expect(formatSigned(lang, n), `${lang} ${n}`).toBe(sign.format(n));
      }
      expect(formatNumber(lang, 2.75, 1)).toBe(new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(2.75));
      const list = new Intl.ListFormat(lang, { type: "conjunction" });
      for (let k = 0; k <= names.length; k++) expect(formatList(lang, names.slice(0, k))).toBe(list.format(names.slice(0, k)));
    }
  });

  it("writes dates and times ago the language's way", () => {
    const at = Date.UTC(2026, 11, 24, 18, 30);
    const d = league.de.deadline(at);
    expect(d).toMatch(/^bis 2[45]\.12\.2026, \d\d:\d\d$/);
    expect(league.en.deadline(at)).toMatch(/^until Dec 2[45], 2026, \d{1,2}:\d\d [AP]M$/);
    expect(league.de.waitingFor(["Dora"], 3 * 86_400_000)).toBe("wartet auf Dora, letzter Zug vor 3 Tagen");
    expect(league.en.waitingFor(["Dora"], 5 * 3_600_000)).toBe("waiting for Dora, last move 5 hours ago");
    expect(league.de.waitingFor(["Dora"], 30 * 3_600_000)).toBe("wartet auf Dora, letzter Zug vor 30 Stunden");
  });
});
