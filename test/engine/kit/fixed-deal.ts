// A fixed deal from space-separated hands; the talon is the rest of the deck in deck order.
import { deckNames, type ScriptedDeal } from "./deck";

export function deal(size: 33 | 36, hands: string[], weliCut = false): ScriptedDeal {
  const hs = hands.map((h) => (h.trim() ? h.trim().split(/\s+/) : []));
  const used = new Set(hs.flat());
  const d: ScriptedDeal = { hands: hs, talon: deckNames(size).filter((c) => !used.has(c)) };
  if (weliCut) d.weliCut = true;
  return d;
}
