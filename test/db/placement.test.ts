// The database a table lives in is one function of its id, set by configuration.
import { describe, expect, it } from "vitest";
import { SLOTS, byDatabase, databaseNameFor, databaseNames, lastGroupWins, parseSlots, slotOf, tableDatabase, tableDatabases, tableDatabasesOf } from "../../worker/db/placement";

const ids = Array.from({ length: 4000 }, (_, i) => `t_${(i * 2654435761 >>> 0).toString(36)}${i}`);

describe("table placement", () => {
  it("puts every table in DB when nothing is configured", () => {
    for (const id of ids) {
      expect(databaseNameFor(id, undefined)).toBe("DB");
      expect(databaseNameFor(id, " DB ")).toBe("DB");
    }
  });

  it("splits tables by slot ranges, each id always to the same database", () => {
    const spec = "DB:0-127 DB2:128-255";
    const counts: Record<string, number> = {};
    for (const id of ids) {
      const name = databaseNameFor(id, spec);
      expect(name).toBe(slotOf(id) < 128 ? "DB" : "DB2");
      expect(databaseNameFor(id, spec)).toBe(name);
      counts[name] = (counts[name] ?? 0) + 1;
    }
    // Random ids fill the slots evenly: each half within a few percent of 2000.
    expect(counts.DB).toBeGreaterThan(1800);
    expect(counts.DB2).toBeGreaterThan(1800);
  });

  it("moves only the tables of the slots given to a new database", () => {
    const before = "DB:0-127 DB2:128-255";
    const after = "DB:0-127 DB2:128-191 DB3:192-255";
    for (const id of ids) {
      const a = databaseNameFor(id, before), b = databaseNameFor(id, after);
      if (a !== b) expect([a, b, slotOf(id) >= 192]).toEqual(["DB2", "DB3", true]);
    }
  });

  it("spreads slots over the whole range", () => {
    const seen = new Set(ids.map(slotOf));
    expect(seen.size).toBe(SLOTS);
    for (const s of seen) expect(s >= 0 && s < SLOTS).toBe(true);
  });

  it("refuses a configuration that leaves a slot out, gives one twice or is malformed", () => {
    expect(() => parseSlots("DB:0-100")).toThrow(/slot 101 has no database/);
    expect(() => parseSlots("DB:0-200 DB2:200-255")).toThrow(/slot 200 is given twice/);
    expect(() => parseSlots("DB:5-2")).toThrow(/not within/);
    expect(() => parseSlots("DB:0-300")).toThrow(/not within/);
    expect(() => parseSlots("db-two")).toThrow(/not BINDING/);
    expect(() => parseSlots("DB:0-127 DB2>DB2:128-255")).toThrow(/moves a range to where it is/);
  });

  it("hands back the binding, and says so when the configuration names one that is missing", () => {
    const DB = { name: "one", prepare() {} } as unknown as D1Database;
    const DB2 = { name: "two", prepare() {} } as unknown as D1Database;
    const id = ids.find((x) => slotOf(x) >= 128)!;
    const low = ids.find((x) => slotOf(x) < 128)!;
    expect(tableDatabase({ DB }, id)).toBe(DB);
    expect(tableDatabase({ DB, DB2, TABLE_DATABASES: "DB:0-127 DB2:128-255" } as never, id)).toBe(DB2);
    expect(() => tableDatabase({ DB, TABLE_DATABASES: "DB:0-127 DB2:128-255" }, id)).toThrow(/DB2, which is not a D1 binding/);
    // Refused at the first use, even for a table whose own database is bound, and for a binding that is no database.
    expect(() => tableDatabase({ DB, TABLE_DATABASES: "DB:0-127 DB2:128-255" }, low)).toThrow(/DB2, which is not a D1 binding/);
    expect(() => tableDatabase({ DB, DB2: "a var", TABLE_DATABASES: "DB:0-127 DB2:128-255" } as never, low)).toThrow(/DB2, which is not a D1 binding/);
  });

  it("groups table ids by their database, each id once, and lists every tables' database once", () => {
    const DB = { name: "one", prepare() {} } as unknown as D1Database;
    const DB2 = { name: "two", prepare() {} } as unknown as D1Database;
    const env = { DB, DB2, TABLE_DATABASES: "DB:0-127 DB2:128-255" } as never;
    const some = ids.slice(0, 200);
    const groups = new Map(byDatabase(env, [...some, ...some]));
    expect([...groups.keys()]).toEqual(expect.arrayContaining([DB, DB2]));
    expect(groups.get(DB as never)!.every((x) => slotOf(x) < 128)).toBe(true);
    expect(groups.get(DB2 as never)!.every((x) => slotOf(x) >= 128)).toBe(true);
    expect(groups.get(DB as never)!.length + groups.get(DB2 as never)!.length).toBe(200);
    expect(tableDatabases(env)).toEqual([DB, DB2]);
    expect(tableDatabases({ DB })).toEqual([DB]);
  });

  it("reads a moving range as its source, then its target, and lists the target among the databases", () => {
    const DB = { name: "one", prepare() {} } as unknown as D1Database;
    const DB2 = { name: "two", prepare() {} } as unknown as D1Database;
    const spec = "DB:0-127 DB2>DB:128-255";
    expect(databaseNames(spec)).toEqual(["DB", "DB2"]);
    expect(parseSlots(spec)[200]).toEqual({ home: "DB2", to: "DB" });
    const env = { DB, DB2, TABLE_DATABASES: spec } as never;
    const high = ids.find((x) => slotOf(x) >= 128)!;
    const low = ids.find((x) => slotOf(x) < 128)!;
    expect(tableDatabasesOf(env, high)).toEqual([DB2, DB]);
    expect(tableDatabasesOf(env, low)).toEqual([DB]);
    expect(databaseNameFor(high, spec)).toBe("DB2");
    // Every home group first, then the targets: a moving table is read in its source, then in its target.
    const groups = byDatabase(env, [low, high]);
    expect(groups).toEqual([
      [DB, [low]],
      [DB2, [high]],
      [DB, [high]],
    ]);
    expect(tableDatabases(env)).toEqual([DB, DB2]);
    // The later group's rows of a table replace the earlier group's; a table only in the source keeps its rows.
    const rows = lastGroupWins(
      [
        [{ t: "a", v: 1 }, { t: "a", v: 2 }, { t: "b", v: 1 }],
        [{ t: "a", v: 3 }],
      ],
      (r) => r.t,
    );
    expect(rows).toEqual([{ t: "b", v: 1 }, { t: "a", v: 3 }]);
  });
});
