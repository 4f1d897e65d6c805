// The CSV and iCalendar exports: escaping, formula guard, line folding, stable event ids.
import { describe, expect, it } from "vitest";
import { divisionStandingsCsv, standingsCsv } from "../../worker/leagues/csv";
import { calendar } from "../../worker/leagues/ical";
import { computeStandings } from "../../worker/leagues/standings";

describe("standings CSV", () => {
  it("quotes what needs quoting and defuses formulas in names", () => {
    const rows = computeStandings(
      [
        { id: "a", name: 'Anna "die Große", Wien', removed: false },
        { id: "b", name: "=HYPERLINK(\"x\")", removed: true },
      ],
      [{ tableId: "t", season: 1, round: 1, at: 1, how: "finished", seats: [{ member: "a", points: 0, place: 1 }, { member: "b", points: 4, place: 2 }] }],
    );
    const lines = standingsCsv(rows).split("\r\n");
    expect(lines[0]).toBe("rank,name,games,wins,avg_place,points,rating,mu,sigma,removed");
    expect(lines[1].startsWith('1,"Anna ""die Große"", Wien",1,1,1,1,')).toBe(true);
    expect(lines[2].startsWith(`2,"'=HYPERLINK(""x"")",1,0,2,0,`)).toBe(true);
    expect(lines[2].endsWith(",yes")).toBe(true);
    expect(lines[3]).toBe("");
  });
});

describe("standings CSV with divisions", () => {
  it("puts the division first and ranks within it, each division's rows in its order", () => {
    const result = (a: string, b: string) => ({ tableId: `t${a}`, season: 1, round: 1, at: 1, how: "finished" as const, seats: [{ member: a, points: 0, place: 1 }, { member: b, points: 4, place: 2 }] });
    const one = computeStandings([{ id: "a", name: "Anna", removed: false }, { id: "b", name: "Bernd", removed: false }], [result("a", "b")]);
    const two = computeStandings([{ id: "c", name: "Clara", removed: false }, { id: "d", name: "Dora", removed: false }], [result("d", "c")]);
    const lines = divisionStandingsCsv([{ no: 1, standings: one }, { no: 2, standings: two }]).split("\r\n");
    expect(lines[0]).toBe("division,rank,name,games,wins,avg_place,points,rating,mu,sigma,removed");
    expect(lines.slice(1, 5).map((l) => l.split(",").slice(0, 3).join(","))).toEqual(["1,1,Anna", "1,2,Bernd", "2,1,Dora", "2,2,Clara"]);
    // Without divisions the file is as before, column for column.
    expect(standingsCsv(one).split("\r\n")[1]).toBe(lines[1].slice("1,".length));
    expect(lines[5]).toBe("");
  });
});

describe("deadline calendar", () => {
  const at = Date.UTC(2026, 11, 24, 18, 0, 0);
  const cal = calendar("Stammtisch; Wien, 1. Bezirk", [{ uid: "l_x-1-3@muli", summary: "Stammtisch: round 3 ends", description: "Zeile 1\nZeile 2 " + "ä".repeat(60), at, url: "https://muli.example/l/l_x" }], at - 1000);

  it("writes one event per round with escaped text and UTC times", () => {
    const unfolded = cal.replace(/\r\n /g, "");
    expect(unfolded).toContain("X-WR-CALNAME:Stammtisch\\; Wien\\, 1. Bezirk\r\n");
    expect(unfolded).toContain("UID:l_x-1-3@muli\r\n");
    expect(unfolded).toContain("DTSTART:20261224T180000Z\r\n");
    expect(unfolded).toContain("DTEND:20261224T183000Z\r\n");
    expect(unfolded).toContain("DESCRIPTION:Zeile 1\\nZeile 2 " + "ä".repeat(60) + "\r\n");
    expect(cal.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const enc = new TextEncoder();
    for (const line of cal.split("\r\n")) expect(enc.encode(line).length).toBeLessThanOrEqual(75);
    expect(cal).not.toContain("\uFFFD");
    expect(cal.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("keeps a bare CR (or any control character) in a name from starting a line of its own", () => {
    const evil = "=X\rBEGIN:VEVENT\rSUMMARY:evil\rEND:VEVENT\u0000\u000b";
    const out = calendar(evil, [{ uid: "u@muli", summary: `${evil}: round 1 ends`, description: "d", at }], at);
    // Only CRLF separates lines, and no line but the real ones begins an event.
    expect(out.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001f]/);
    const lines = out.replace(/\r\n /g, "").split("\r\n");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain("X-WR-CALNAME:=X\\nBEGIN:VEVENT\\nSUMMARY:evil\\nEND:VEVENT");
  });
});
