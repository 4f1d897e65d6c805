// Migrations expand, then contract (README, "Upgrading"): a DROP or a RENAME only in a migration
// marked `-- contract:`. This runs the check on the real folder and shows what it refuses.
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { checkFolder, refused } from "../../scripts/check-migrations.mjs";

const check = refused as (sql: string) => string[];

describe("migrations", () => {
  it("take nothing away outside a marked contract step", () => {
    expect((checkFolder as (dir: string) => string[])("migrations")).toEqual([]);
  });

  it("refuse a DROP or a rename without the mark", () => {
    expect(check("ALTER TABLE `players` DROP COLUMN `key_hash`;")).toHaveLength(1);
    expect(check("DROP TABLE `old`;--> statement-breakpoint\nCREATE TABLE `x` (`a` text);")).toEqual(["DROP TABLE `old`"]);
    expect(check("drop index `players_key_hash_unique`;")).toHaveLength(1);
    expect(check("ALTER TABLE `seats` RENAME COLUMN `bot` TO `robot`;")).toHaveLength(1);
    expect(check("ALTER TABLE `seats` RENAME TO `chairs`;")).toHaveLength(1);
  });

  it("let additions through, and a DROP in a marked contract step or a comment", () => {
    expect(check("CREATE TABLE `x` (`a` text);\nALTER TABLE `x` ADD `b` integer;\nCREATE INDEX `x_a` ON `x` (`a`);")).toEqual([]);
    expect(check("-- contract: players.key_hash, unread since release 7\nALTER TABLE `players` DROP COLUMN `key_hash`;")).toEqual([]);
    expect(check("-- we no longer DROP TABLE here\nCREATE TABLE `y` (`a` text);")).toEqual([]);
    // The mark must say what goes: a bare "contract:" is no mark.
    expect(check("-- contract:\nDROP TABLE `z`;")).toHaveLength(1);
  });
});
