// What leaves the server carries no secret another party can read (issue: no secret in a message).
// For every kind of channel a real turn message, a digest and a chat notice are captured (at the
// loopback receiver; e-mail at the send_email binding) and searched for every seat token of the
// tables and every key of the player. Webhooks (ntfy, Discord, any JSON receiver: read by others)
// carry no secret at all; the player's own push and e-mail carry a one-time sign-in.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DIGEST_WINDOW_MS, flush, recordNotice } from "../../worker/notify/pipeline";
import type { NoticeMessage } from "../../worker/base/notify-messages";
import { BASE, createTable, type Created } from "./helpers";
import { addChannel, bodyText, createPlayer, eventually, linkSeat, newSubscription, outboxOf, received, receiver, type Player } from "./correspondence";
import { decrypt } from "./push-reader";

const uid = () => crypto.randomUUID().slice(0, 8);

type Kind = "json" | "ntfy" | "discord" | "push" | "email";

/** The env a flush runs with: no queue (the work is done at once, with this env), e-mail captured. */
function captureEnv(mails: string[]) {
  const EMAIL = {
    async send(m: unknown) {
      // The local runtime's EmailMessage keeps the raw MIME under this name.
      const raw = (m as Record<string, unknown>)["EmailMessage::raw"];
      mails.push(typeof raw === "string" ? raw : await new Response(raw as ReadableStream).text());
    },
  };
  return { ...env, NOTIFY: undefined, EMAIL } as unknown as typeof env;
}

/** The decoded text of one raw MIME mail (its base64 body decoded too). */
function mailText(raw: string): string {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const body = rest.join("\r\n\r\n").replace(/\s+/g, "");
  return `${head}\n${new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))}`;
}

async function setup(kind: Kind) {
  const p = await createPlayer("Anna", { language: "en", resendAfter: null });
  const tag = uid();
  const path = kind === "ntfy" ? `/ntfy-${tag}/topic` : kind === "discord" ? `/discord/${tag}` : `/hook/${kind}-${tag}`;
  const sub = kind === "push" ? await newSubscription(receiver + path) : null;
  const channel = kind === "push" ? { kind, subscription: sub!.subscription } : kind === "email" ? { kind, address: `anna-${tag}@example.com` } : { kind: "webhook", url: receiver + path, format: kind };
  await addChannel(p.key, channel);
  const tables = [await createTable(), await createTable()];
  for (const t of tables) await linkSeat(p.key, t.id, t.seats[1].token);
  return { p, tables, path: kind === "ntfy" ? `/ntfy-${tag}/` : path, sub };
}

/** Everything the player's messages must never carry. */
const secretsOf = (p: Player, tables: Created[]) => [p.key, ...tables.flatMap((t) => t.seats.map((s) => s.token!).filter(Boolean))];

async function send(p: Player, notices: Omit<NoticeMessage, "type" | "playerId">[], mails: string[]) {
  const e = captureEnv(mails);
  for (const n of notices) await recordNotice(e, { type: "notice", playerId: p.id, ...n }, Date.now());
  // Out of the digest window, which starts at the newest outbox row of a message.
  await env.DB.prepare("UPDATE outbox SET created_at = created_at - ? WHERE player_id = ?").bind(DIGEST_WINDOW_MS, p.id).run();
  await flush(e, p.id, Date.now());
}

/** The texts the player's channel received so far (push decrypted, mail decoded). */
async function captured(kind: Kind, s: Awaited<ReturnType<typeof setup>>, mails: string[], n: number): Promise<string[]> {
  if (kind === "email") return eventually(async () => mails.length >= n && mails.map(mailText), 10_000, "mails");
  const reqs = await eventually(async () => {
    const r = await received(s.path);
    return r.length >= n && r;
  }, 10_000, `${kind} requests`);
  if (kind !== "push") return reqs.map((r) => `${JSON.stringify(r.headers)}\n${bodyText(r)}`);
  return Promise.all(reqs.map((r) => decrypt(Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)), s.sub!.privateKey, s.sub!.publicRaw, s.sub!.auth)));
}

describe("a message", () => {
  it.each<Kind>(["json", "ntfy", "discord", "push", "email"])("by %s carries no seat token and no player key (a turn; a digest of a turn and a reminder)", async (kind) => {
    const s = await setup(kind);
    const mails: string[] = [];
    const [a, b] = s.tables;
    await send(s.p, [{ kind: "turn", tableId: a.id, seat: 1, version: 0, deadline: null }], mails);
    await send(s.p, [{ kind: "turn", tableId: b.id, seat: 1, version: 0, deadline: null }, { kind: "reminder", tableId: a.id, seat: 1, version: 0, deadline: Date.now() + 3_600_000 }], mails);
    const texts = await captured(kind, s, mails, 2);
    expect(texts.length).toBe(2);
    const secrets = secretsOf(s.p, s.tables);
    for (const text of texts) {
      for (const secret of secrets) expect(text, `${kind} carries a secret`).not.toContain(secret);
      // The tables' own links are there.
      expect(text).toContain(`${BASE}/t/`);
    }
    if (kind === "push" || kind === "email") {
      // Only the player reads it: the link carries a one-time sign-in, good once.
      const once = /\/t\/t_[A-Za-z0-9_-]+#(m_[A-Za-z0-9_-]{32})/.exec(texts[0])?.[1];
      expect(once, texts[0]).toBeTruthy();
      const redeem = () => SELF.fetch(`${BASE}/api/players/signin/email/redeem`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: once }) });
      const first = await redeem();
      expect(first.status).toBe(200);
      const signedIn = await first.json<{ id: string; key: string }>();
      expect(signedIn.id).toBe(s.p.id);
      expect((await redeem()).status).toBe(401);
    } else {
      // Others may read it: no fragment, no sign-in, nothing secret-shaped at all.
      for (const text of texts) {
        expect(text).not.toMatch(/\/t\/t_[A-Za-z0-9_-]+#/);
        expect(text).not.toMatch(/\b(m|pk|hk|mk)_[A-Za-z0-9_-]{20,}/);
      }
    }
    // The stored copy carries none either.
    for (const row of await outboxOf(s.p.id)) for (const secret of secrets) expect(row.payload).not.toContain(secret);
  });
});
