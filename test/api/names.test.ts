// Names (seats, players, league members): one spelling (NFKC), no hidden characters, and
// look-alike spellings count as taken.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableDb, post } from "./helpers";

const HIDDEN = [
  ["NUL", "a\u0000b"],
  ["BEL", "a\u0007b"],
  ["escape sequence", "\u001b[31mred"],
  ["line break", "Anna\r\nBernd"],
  ["bidi override", "abc\u202edef"],
  ["zero-width space", "M\u200b1"],
  ["lone surrogate", "x\ud800y"],
  ["pile of marks", "Z" + "\u0301\u0302\u0303\u0304\u0305"],
];

const twoSeats = (name: string) => ({ rules: { preset: "standard", players: 2 }, seats: [{ name }, { name: "Bea" }] });

describe("names", () => {
  it.each(HIDDEN)("refuses a seat name with a %s (400 INVALID_REQUEST)", async (_what, name) => {
    // Written by hand so that a lone surrogate travels as the JSON escape a client would send.
    const res = await post("/api/tables", JSON.stringify(twoSeats("PLACEHOLDER")).replace("PLACEHOLDER", JSON.stringify(name).slice(1, -1)));
    expect(res.status, await res.clone().text()).toBe(400);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
  });

  it.each(HIDDEN)("refuses a player name with a %s", async (_what, name) => {
    const res = await post("/api/players", { name });
    expect(res.status).toBe(400);
  });

  it("stores names in NFKC with single spaces", async () => {
    const res = await post("/api/tables", twoSeats("  Ｍａｒｉａ   Ｈｕｂｅｒ "));
    expect(res.status).toBe(201);
    const { id, seats } = await res.json<{ id: string; seats: { name: string }[] }>();
    expect(seats[0].name).toBe("Maria Huber");
    const row = await tableDb(id).prepare("SELECT name FROM seats WHERE table_id = ? AND seat = 0").bind(id).first<{ name: string }>();
    expect(row?.name).toBe("Maria Huber");
  });

  it("keeps ordinary names of every script", async () => {
    for (const name of ["Jürgen", "Zoë", "Łukasz", "Ἀθηνᾶ", "Чайковский", "李小龍", "Nguyễn Thị"]) {
      const res = await post("/api/players", { name });
      expect(res.status, name).toBe(201);
    }
  });

  it("counts look-alike member names as taken (Cyrillic, full-width, case, spacing)", async () => {
    const created = await post("/api/leagues", { name: "Namen", rules: { preset: "standard" }, tableSize: 3 });
    const l = await created.json<{ id: string; invite: string }>();
    const join = (name: string) => post(`/api/leagues/${l.id}/join`, { invite: l.invite, name });
    expect((await join("M1")).status).toBe(201);
    for (const name of ["М1", "Ｍ１", "m1", "Ml", "M I"]) {
      const res = await join(name);
      expect(res.status, name).toBe(409);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NAME_TAKEN");
    }
    expect((await join("M2")).status).toBe(201);
  });
});
