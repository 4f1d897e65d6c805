// The words of the check page (a game's shuffle and record checked).
// Kept beside en.ts and de.ts by area, as the pages are: both languages here, the German typed
// by the English (same keys).
import { formats } from "./format";

type Formats = ReturnType<typeof formats>;

const enOf = (f: Formats) => ({
  title: "Check this game",
  intro: "Every table shows, from its first view on, the SHA-256 of its secret shuffle seed (the commitment). After the game the seed is revealed: here it is hashed again and every deal of the game's record is re-dealt from it, in this browser.",
  file: "A record file (muli-record/1)",
  notARecord: "This file is not a game record.",
  holds: (deals: number) => `The game holds: ${f.count(deals, { one: "deal", other: "deals" })} re-dealt from the seed, every action legal, the result the same.`,
  fails: "This record does not hold:",
  seed: "Seed",
  digest: "SHA-256 of the seed",
  commitment: "Commitment shown at the table",
  cuts: "Cuts, deal by deal",
  how: "To check by hand: SHA-256 of the seed's UTF-8 bytes must be the commitment; or choose a downloaded record above on this page: Muli re-deals it and compares.",
  link: "Check this game",
  waitingPool: "The check opens when every table of this duplicate round has finished.",
});

export const checkEn = enOf(formats("en"));

const deOf = (f: Formats): typeof checkEn => ({
  title: "Dieses Spiel prüfen",
  intro: "Jeder Tisch zeigt von der ersten Ansicht an den SHA-256 seines geheimen Mischwerts (die Festlegung). Nach dem Spiel wird der Mischwert aufgedeckt: Hier wird er neu gehasht, und jedes Geben des Spielprotokolls wird in diesem Browser daraus neu gegeben.",
  file: "Eine Protokolldatei (muli-record/1)",
  notARecord: "Diese Datei ist kein Spielprotokoll.",
  holds: (deals) => `Das Spiel stimmt: ${f.count(deals, { one: "Geben", other: "Geben" })} aus dem Mischwert neu gegeben, jeder Zug erlaubt, das Ergebnis dasselbe.`,
  fails: "Dieses Protokoll stimmt nicht:",
  seed: "Mischwert",
  digest: "SHA-256 des Mischwerts",
  commitment: "Festlegung am Tisch",
  cuts: "Abheben, Geben für Geben",
  how: "Von Hand prüfen: SHA-256 der UTF-8-Bytes des Mischwerts muss die Festlegung sein; oder oben auf dieser Seite eine heruntergeladene Aufzeichnung wählen: Muli gibt sie neu und vergleicht.",
  link: "Dieses Spiel prüfen",
  waitingPool: "Die Prüfung gibt es, wenn jeder Tisch dieser Duplicate-Runde fertig ist.",
});

export const checkDe = deOf(formats("de"));
