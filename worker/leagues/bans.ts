// Banning a member: what identifies a person who comes back with a new key. Their player (if they
// joined with one), their name's skeleton, and the address they joined from, kept only as a keyed
// hash (HMAC under the link key, so a copy of D1 does not give the addresses away).
import { and, eq, or } from "drizzle-orm";
import * as schema from "../db/schema";
import { db } from "../db/handle";
import { linkSecret } from "../base/link-crypto";
import { fromBase64url } from "../base/secrets";

export interface BanFacts {
  playerId: string | null;
  nameKey: string;
  /** null: no usable address (local development, tests). */
  address: string | null;
}

// Locally every client is this machine: an address ban would ban everybody.
const LOCAL = new Set(["127.0.0.1", "::1"]);

let hmac: { secret: string; key: Promise<CryptoKey> } | null = null;

/** The keyed hash of the caller's address for this league, or null without a real address. */
export async function addressKey(leagueId: string, address: string | undefined): Promise<string | null> {
  if (!address || LOCAL.has(address)) return null;
  const secret = linkSecret();
  if (hmac?.secret !== secret) hmac = { secret, key: crypto.subtle.importKey("raw", fromBase64url(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]) };
  const mac = await crypto.subtle.sign("HMAC", await hmac.key, new TextEncoder().encode(`join-address:${leagueId}:${address}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether any of these facts is banned in the league. */
export async function isBanned(d1: D1Database, leagueId: string, f: BanFacts): Promise<boolean> {
  const t = schema.leagueBans;
  const match = [and(eq(t.kind, "name"), eq(t.value, f.nameKey))];
  if (f.playerId) match.push(and(eq(t.kind, "player"), eq(t.value, f.playerId)));
  if (f.address) match.push(and(eq(t.kind, "address"), eq(t.value, f.address)));
  const rows = await db(d1).select({ kind: t.kind }).from(t).where(and(eq(t.leagueId, leagueId), or(...match))).limit(1);
  return rows.length > 0;
}

export async function ban(d1: D1Database, leagueId: string, memberId: string, f: BanFacts, at: number): Promise<void> {
  const rows = [
    { kind: "name" as const, value: f.nameKey },
    ...(f.playerId ? [{ kind: "player" as const, value: f.playerId }] : []),
    ...(f.address ? [{ kind: "address" as const, value: f.address }] : []),
  ].map((r) => ({ leagueId, memberId, at, ...r }));
  await db(d1).insert(schema.leagueBans).values(rows).onConflictDoNothing();
}
