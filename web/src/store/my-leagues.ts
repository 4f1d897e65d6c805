// "My leagues": the leagues this browser holds a key of, and those the player made or joined on
// any device (GET /api/players/me/leagues). A made league's admin key comes back from the player,
// so another device opens the league as its admin. "My games" marks league tables with it.
import { createResource, createRoot } from "solid-js";
import * as leagues from "../api/leagues";
import * as players from "../api/players";
import { leagueKeys } from "./leagues";
import { playerKey } from "./player";

export interface MyLeagueEntry {
  id: string;
  name: string;
  admin: boolean;
  member: boolean;
  /** The league tables this browser's player or member sits at. */
  tables: string[];
}

async function loadMine(): Promise<MyLeagueEntry[]> {
  const out = new Map<string, MyLeagueEntry>();
  const pk = playerKey();
  if (pk) {
    const mine = await players.myLeagues(pk).catch(() => ({ leagues: [] }));
    for (const l of mine.leagues) {
      if (l.adminKey && leagueKeys.get(l.id).admin !== l.adminKey) leagueKeys.setAdmin(l.id, l.adminKey);
      out.set(l.id, { id: l.id, name: l.name, admin: !!l.adminKey, member: !!l.member, tables: l.tables.map((x) => x.tableId) });
    }
  }
  // Leagues held here only (joined without a player, or made before there was one): read each.
  await Promise.all(
    leagueKeys
      .ids()
      .filter((id) => !out.has(id))
      .map(async (id) => {
        const held = leagueKeys.get(id);
        const memberKey = held.member?.key ?? null;
        const page = await leagues.read(id, memberKey ?? held.admin ?? null).catch(() => null);
        if (!page) return;
        const me = page.you.member ?? null;
        const tables = page.rounds.flatMap((r) => r.tables).filter((t) => me !== null && t.seats.some((s) => s.member === me)).map((t) => t.tableId);
        out.set(id, { id, name: page.league.name, admin: !!held.admin, member: me !== null, tables });
      }),
  );
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function createMyLeagues() {
  const [list, { refetch }] = createResource(loadMine, { initialValue: [] });
  return {
    list,
    refetch,
    /** The league a table belongs to, if it is one of mine. */
    leagueOf: (tableId: string): MyLeagueEntry | null => list().find((l) => l.tables.includes(tableId)) ?? null,
  };
}

export const myLeagues = createRoot(createMyLeagues);
