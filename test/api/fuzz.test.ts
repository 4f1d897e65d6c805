// Whatever a client sends, the answer is a 4xx (or a success) and never a 5xx, and a refused
// request leaves D1 as it was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { act, createTable, post, stored } from "./helpers";

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
});
