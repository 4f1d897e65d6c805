// The words of divisions and reserves on the league page (its tie-breaks, movements, zones, the
// reserve's offer and the admin's choice), in both languages (same keys, checked by the type).
// Apart from en.ts and de.ts: only the league page, loaded on demand, uses them.
import { settings } from "../store/settings";
import { formats } from "./format";

const words = (f: ReturnType<typeof formats>) => ({
  division: (n: number) => `Division ${f.number(n)}`,
  divisionsHelp: (size: number, moves: number) =>
    moves === 1
      ? `Divisions of ${f.number(size)}: at the season's end the top player of each division goes up, the bottom one goes down; newcomers start in the lowest.`
      : `Divisions of ${f.number(size)}: at the season's end the top ${f.number(moves)} of each division go up, the bottom ${f.number(moves)} go down; newcomers start in the lowest.`,
  move: { up: "↑ up", down: "↓ down", new: "new" } as Record<string, string>,
  moveTitle: { up: "came up from the division below", down: "came down from the division above", new: "new in the league's divisions" } as Record<string, string>,
  zone: { up: "goes up", down: "goes down" } as Record<string, string>,
  tieBreaks: "Ties are broken by, in turn: league points, wins, average place, head-to-head (places against each other at the tables they shared), rating.",
  decidedBy: { headToHead: "head-to-head", rating: "rating" } as Record<string, string>,
  decidedByTitle: "The place against the line above was decided by",
  asReserve: (from: string, hand: number) => `as reserve for ${from} from hand ${f.number(hand)}`,
  tookOver: (name: string, from: string, hand: number) => `${name} took over from ${from} at hand ${f.number(hand)}`,
  countsFor: (name: string) => `the result counts for ${name}`,
  reserveRule: "Reserves: a seat whose player left or was taken over after timing out can go to a reserve. The seat's whole result counts for the reserve who finishes it; the player who left gets nothing from that table.",
  offer: "I can stand in as a reserve",
  reserveMark: "reserve",
  giveToReserve: (name: string) => `Give ${name}'s seat to a reserve`,
  give: "Give",
  confirmReserve: (name: string, by: string) => `Give ${name}'s seat to ${by}? ${name}'s link stops opening it; the result counts for ${by}.`,
  newDivisions: "Divisions",
  divisionSize: "Members per division (empty: no divisions)",
  divisionMoves: "Up and down at each boundary",
  notice: (kind: string, d: Record<string, unknown>): string | undefined =>
    ({
      reserveOffered: `${d.name} can stand in as a reserve.`,
      reserveWithdrawn: `${d.name} is no longer a reserve.`,
      reserveSeated: `${d.toName} took over from ${d.fromName} at table ${d.table} of round ${d.round} (hand ${d.hand}).`,
    })[kind],
  errors: {
    NOT_RESERVE: "This member has not offered to be a reserve.",
    SEAT_NOT_FREE: "This seat's player still plays it: only a seat whose player left or timed out goes to a reserve.",
    MEMBERS_ONLY: "Only a member of the league can do that.",
  } as Record<string, string>,
});

const en = words(formats("en"));
type DivisionWords = typeof en;

const deWords = (f: ReturnType<typeof formats>): DivisionWords => ({
  division: (n: number) => `Division ${f.number(n)}`,
  divisionsHelp: (size: number, moves: number) =>
    moves === 1
      ? `Divisionen zu je ${f.number(size)}: am Saisonende steigt der Beste jeder Division auf, der Letzte ab; Neue beginnen in der untersten.`
      : `Divisionen zu je ${f.number(size)}: am Saisonende steigen die ${f.number(moves)} Besten jeder Division auf, die ${f.number(moves)} Letzten ab; Neue beginnen in der untersten.`,
  move: { up: "↑ auf", down: "↓ ab", new: "neu" },
  moveTitle: { up: "aus der Division darunter aufgestiegen", down: "aus der Division darüber abgestiegen", new: "neu in den Divisionen" },
  zone: { up: "steigt auf", down: "steigt ab" },
  tieBreaks: "Bei Gleichstand entscheiden der Reihe nach: Ligapunkte, Siege, Durchschnittsplatz, direkter Vergleich (die Plätze gegeneinander an gemeinsamen Tischen), Wertung.",
  decidedBy: { headToHead: "direkter Vergleich", rating: "Wertung" },
  decidedByTitle: "Den Platz gegenüber der Zeile darüber entschied",
  asReserve: (from: string, hand: number) => `als Ersatz für ${from} ab Spiel ${f.number(hand)}`,
  tookOver: (name: string, from: string, hand: number) => `${name} hat ab Spiel ${f.number(hand)} von ${from} übernommen`,
  countsFor: (name: string) => `das Ergebnis zählt für ${name}`,
  reserveRule: "Ersatz: Ein Platz, dessen Spieler gegangen ist oder nach Zeitüberschreitung übernommen wurde, kann an einen Ersatz gehen. Das ganze Ergebnis des Platzes zählt für den Ersatz, der ihn zu Ende spielt; wer gegangen ist, bekommt von diesem Tisch nichts.",
  offer: "Ich kann als Ersatz einspringen",
  reserveMark: "Ersatz",
  giveToReserve: (name: string) => `${name}s Platz an einen Ersatz geben`,
  give: "Geben",
  confirmReserve: (name: string, by: string) => `${name}s Platz an ${by} geben? ${name}s Link öffnet ihn dann nicht mehr; das Ergebnis zählt für ${by}.`,
  newDivisions: "Divisionen",
  divisionSize: "Mitglieder je Division (leer: keine Divisionen)",
  divisionMoves: "Auf- und Absteiger je Grenze",
  notice: (kind: string, d: Record<string, unknown>): string | undefined =>
    ({
      reserveOffered: `${d.name} kann als Ersatz einspringen.`,
      reserveWithdrawn: `${d.name} ist kein Ersatz mehr.`,
      reserveSeated: `${d.toName} hat an Tisch ${d.table} der Runde ${d.round} von ${d.fromName} übernommen (Spiel ${d.hand}).`,
    })[kind],
  errors: {
    NOT_RESERVE: "Dieses Mitglied hat sich nicht als Ersatz gemeldet.",
    SEAT_NOT_FREE: "Der Spieler dieses Platzes spielt noch: nur ein Platz, dessen Spieler gegangen ist oder die Zeit überschritten hat, geht an einen Ersatz.",
    MEMBERS_ONLY: "Das kann nur ein Mitglied der Liga.",
  },
});

const de = deWords(formats("de"));

/** Divisions' and reserves' words in the player's language. */
export const divisionWords = (): DivisionWords => (settings.lang() === "de" ? de : en);
