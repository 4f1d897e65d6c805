// Whatever a client sends, the answer is a 4xx (or a success) and never a 5xx, and a refused
// request leaves D1 as it was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveRules } from "../../worker/engine";
import { act, auth, createTable, post, stored } from "./helpers";

// Keys a request may carry: arbitrary strings, the real option names, and the names every plain
// object answers to (a lookup that is not by own key finds those).
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), "__proto__"];
const standard = resolveRules({ preset: "standard", players: 4 });
if (!standard.ok) throw new Error("standard rules do not resolve");
/** Every name a rules object may hold: the preset, the player count and each option. */
const RULE_OPTION_NAMES = ["preset", "players", ...Object.keys(standard.rules)];
const ruleKey = fc.oneof(fc.string(), fc.constantFrom(...RULE_OPTION_NAMES), fc.constantFrom(...PROTOTYPE_NAMES));
const ruleValue = fc.oneof(fc.jsonValue(), fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom("standard", "geiser", "murln", "bergxi"));
/** A rules object as JSON text, written by hand so that "__proto__" stays an own key. */
const rulesJson = fc
  .tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, "standard", "murln"), fc.string()), fc.array(fc.tuple(ruleKey, ruleValue), { maxLength: 4 }))
  .map(([preset, entries]) => `{${[["preset", preset] as [string, unknown], ...entries].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`);

const actionLike = fc.oneof(
  fc.anything(),
  fc.record({ type: fc.constantFrom("bid", "play", "exchange", "trump", "discard", "takeShown", "pass", "hold", "fly") }, { requiredKeys: [] }),
  fc.record({
    type: fc.constantFrom("bid", "play", "exchange", "trump", "discard", "takeShown"),
    tricks: fc.oneof(fc.integer({ min: -10, max: 10 }), fc.double(), fc.string()),
    card: fc.oneof(fc.constantFrom("EA", "W", "S6", "H10", "XX", ""), fc.string()),
    cards: fc.array(fc.oneof(fc.constantFrom("EA", "W", "S6", "L7"), fc.string()), { maxLength: 9 }),
    suit: fc.oneof(fc.constantFrom("E", "L", "H", "S", "W"), fc.string()),
    discard: fc.string(),
  }, { requiredKeys: ["type"] }),
);

describe("arbitrary input", () => {
  it("to the action route: never a 5xx, and a refusal changes nothing", async () => {
    let t = await createTable();
    let before = await stored(t.id);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.oneof(fc.constant(0), fc.integer({ min: -2, max: 3 }), fc.anything()),
        actionLike,
        async (seat, version, action) => {
          const res = await act(t.id, t.seats[seat].token, version as number, action);
          const s = await stored(t.id);
          if (res.status === 200) {
            // A legal action at the right version: applied once; go on with a fresh table.
            expect(s.version).toBe(before.version + 1);
            t = await createTable();
            before = await stored(t.id);
            return;
          }
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          const body = await res.json<{ error: { code: string; message: string } }>();
          expect(typeof body.error.code).toBe("string");
          expect(s).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it("to the create and feedback routes: never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/tables", "/api/feedback"),
        fc.oneof(
          fc.anything(),
          fc.record({ rules: fc.anything(), seats: fc.anything() }),
          fc.record({ rules: fc.dictionary(fc.constantFrom("preset", "players", "deck", "minBid", "stayHome", "x"), fc.anything()), seats: fc.array(fc.record({ name: fc.anything(), bot: fc.anything() }), { maxLength: 6 }) }),
          fc.record({ kind: fc.anything(), text: fc.anything(), contact: fc.anything() }),
        ),
        async (path, body) => {
          const res = await post(path, JSON.stringify(body) ?? "undefined");
          expect(res.status, `${path} ${JSON.stringify(body)} → ${await res.clone().text()}`).toBeLessThan(500);
          await res.body?.cancel();
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it("rules with arbitrary keys, to every route that takes rules: never a 5xx, never an unknown option stored", async () => {
    const league = await post("/api/leagues", { name: "Fuzz", rules: { preset: "standard" }, tableSize: 3 });
    expect(league.status).toBe(201);
    const { id, adminKey } = await league.json<{ id: string; adminKey: string }>();
    const known = new Set<string>(RULE_OPTION_NAMES);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("tables", "leagues", "seasons"), rulesJson, async (route, rules) => {
        const res =
          route === "tables"
            ? await post("/api/tables", `{"rules":${rules},"seats":[{"name":"a"},{"name":"b"}]}`)
            : route === "leagues"
              ? await post("/api/leagues", `{"name":"x","tableSize":3,"rules":${rules}}`)
              : await post(`/api/leagues/${id}/seasons`, `{"rules":${rules}}`, auth(adminKey));
        const text = await res.text();
        expect(res.status, `${route} ${rules} → ${text}`).toBeLessThan(500);
        if (res.status >= 300) return;
        // Accepted: every key it held is a real option.
        for (const key of Object.keys(JSON.parse(rules))) expect(known.has(key), `${route} accepted ${key}: ${rules}`).toBe(true);
      }),
      { numRuns: 300 },
    );
    // 300 runs × 3 routes: about 30 s on a quiet machine, past 120 s on a loaded one.
  }, 300_000);
});
