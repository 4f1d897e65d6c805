// Bot seats play on their own (through the alarm), see only their own view, and every bot move
// is logged like a human's.
import { describe, expect, it } from "vitest";
import { BOTS, type BotInput } from "../../worker/bots";
import { randomSource } from "../../worker/engine";
import { botSeed } from "../../worker/table/bot-turns";
import { randomBot } from "../../worker/bots/random";
import { tableDb, act, chooseAction, createTable, expectNoLeak, loggedActions, loggedSeats, SHORT_RULES, stored, view } from "./helpers";
import { env } from "cloudflare:test";

describe("bot seats", () => {
  it("play a whole game with one human, each bot seeing only its own view", async () => {
    const seen: { seat: number; keys: string[]; ok: boolean }[] = [];
    // Wrap the random level to audit what a bot is given, against the truth in D1 at that moment.
    let tableId = "";
    let created: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (created = resolve));
    BOTS.random = async (input: BotInput) => {
      await ready;
      const row = await tableDb(tableId).prepare("SELECT state FROM tables WHERE id = ?").bind(tableId).first<{ state: string }>();
      const state = JSON.parse(row!.state);
      let ok = true;
      try {
        expectNoLeak(input.view, input.view.you, state);
      } catch {
        ok = false;
      }
      seen.push({ seat: input.view.you, keys: Object.keys(input).sort(), ok });
      return randomBot(input);
    };
    try {
      const t = await createTable({
        rules: SHORT_RULES,
        seats: [{ name: "Anna" }, { name: "B1", bot: "random" }, { name: "B2", bot: "random" }, { name: "B3", bot: "random" }],
        autoPlay: false,
      });
      tableId = t.id;
      created();
      const token = t.seats[0].token;
      for (let guard = 0; guard < 2000; guard++) {
        const v = await view(t.id, token);
        if (v.phase === "over") break;
        if (!v.toAct.includes(0)) {
          await new Promise((r) => setTimeout(r, 10)); // the bots are playing (alarm)
          continue;
        }
        const s = await stored(t.id);
        expectNoLeak(v, 0, s.state);
        const res = await act(t.id, token, v.version, await chooseAction(v, s.state, "bots"));
        expect(res.status, await res.clone().text()).toBe(200);
      }
      const end = await stored(t.id);
      expect(end.state.phase).toBe("over");
      expect(end.logged).toBe(end.version);
      const logged = await loggedSeats(t.id);
      expect([...new Set(logged)].sort()).toEqual([0, 1, 2, 3]);
      // Every bot move but the cuts went through the level (a cut is drawn alike for every level,
      // bot-turns.ts). A short game may have had only Anna's cuts.
      const cuts = (await loggedActions(t.id)).filter((a) => a.seat > 0 && a.type === "cut").length;
      expect(seen.length).toBe(logged.filter((s) => s > 0).length - cuts);
      expect(seen.every((s) => s.seat > 0 && s.ok && s.keys.join() === "budgetMs,random,rules,view")).toBe(true);
    } finally {
      BOTS.random = randomBot;
    }
  }, 120_000);

  it("start on their own when a bot is first to act", async () => {
    let botOpened = 0;
    for (let table = 0; table < 40 && botOpened < 1; table++) {
      const t = await createTable({
        rules: { preset: "standard", players: 2, startPoints: 5 },
        seats: [{ name: "Bot", bot: "random" }, { name: "Anna" }],
      });
      let handedOver = false;
      for (let i = 0; i < 300 && !handedOver; i++) {
        const v = await view(t.id, t.seats[1].token);
        handedOver = v.toAct.includes(1) || v.phase === "over";
        if (!handedOver) await new Promise((r) => setTimeout(r, 10));
      }
      expect(handedOver).toBe(true);
      const first = await tableDb(t.id).prepare("SELECT seat FROM actions WHERE table_id = ? AND version = 1").bind(t.id).first<{ seat: number }>();
      if (first?.seat === 0) botOpened++;
    }
    expect(botOpened).toBe(1); // the dealer is drawn at random: 40 tables without a bot opening have odds of 1 in 2^40 (8 tables, 1 in 256, failed once in CI)
  }, 60_000);

  it("draw their randomness from the game's secret seed, not from what every seat can see", async () => {
    const t = await createTable({ rules: { preset: "standard", players: 2, startPoints: 5 }, seats: [{ name: "Bot", bot: "random" }, { name: "Anna" }] });
    const s = await stored(t.id);
    const table = { id: t.id, version: s.version, state: s.state };
    const seed = await botSeed(table, 0);
    expect(await botSeed(table, 0)).toBe(seed); // one decision, one seed
    expect(await botSeed(table, 1)).not.toBe(seed);
    expect(await botSeed({ ...table, version: 1 }, 0)).not.toBe(seed);
    // Another secret, otherwise the same public facts: another seed. Nothing public gives it.
    expect(await botSeed({ ...table, state: { ...s.state, seed: "00".repeat(16) } }, 0)).not.toBe(seed);
    expect(seed).not.toContain(t.id);
    expect(seed).not.toContain(s.state.seed);
    // What a seat could compute from the view (id, version, seat) is not what the bot draws.
    const publicDraws = Array.from({ length: 8 }, ((r) => () => r())(randomSource(`${t.id}:${s.version}:0`)));
    const botDraws = Array.from({ length: 8 }, ((r) => () => r())(randomSource(seed)));
    expect(botDraws).not.toEqual(publicDraws);
    expectNoLeak(await view(t.id, t.seats[1].token), 1, s.state);
  });
});
