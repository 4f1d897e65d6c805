// The decisions before play in random games against an independent reading of §2.4–2.9: bidding
// words, staying home, exchange limits, "five on the Sau" and dropping out on a short talon.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legalSummary, type LegalSummary } from "../../../worker/engine";
import { ALL_CONFIGS, gameSpec, runs, walk } from "../kit/game-walk";
import { biddingWords, exchangeLimit, mayDropOut, mayFiveOnSau, mayStayHome } from "../kit/phase-oracle";

const word = (a: LegalSummary) => (a.type === "bid" ? `bid${a.tricks}` : a.type);

describe.each(ALL_CONFIGS())("decisions: $name", ({ c }) => {
  it("bidding, staying home and exchanging offer exactly what §2.4–2.9 allow", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(gameSpec(c), (spec) => {
        walk(c, spec, 300, ({ before: s, seat }) => {
          const legal = legalSummary(s, seat);
          const types = legal.map(word);
          if (s.phase === "bidding") {
            seen.add("bidding");
            expect([...types].sort(), `bidding, high ${s.hand.highBid} by ${s.hand.highBidder}, round ${s.hand.biddingRound}`).toEqual(biddingWords(s, seat));
          }
          if (s.phase !== "exchange") return;
          const step = s.hand.step;
          if (step === "join") {
            seen.add("join");
            expect(types.sort()).toEqual(mayStayHome(s, seat) ? ["join", "stayHome"] : ["join"]);
          }
          if (step === "exchange") {
            seen.add("exchange");
            const ex = legal.find((a) => a.type === "exchange");
            expect(ex && "max" in ex ? ex.max : -1, `exchange limit (points ${s.points[seat]}, talon ${s.hand.talon.length})`).toBe(exchangeLimit(s, seat));
            expect(types.includes("fiveOnSau")).toBe(mayFiveOnSau(s, seat));
            expect(types.includes("stayHome")).toBe(mayDropOut(s, seat));
          }
        });
      }),
      { numRuns: runs(10) },
    );
    expect(seen.has("exchange") || seen.has("bidding")).toBe(true);
  }, 60_000);
});
