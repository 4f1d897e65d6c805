// Presets and house-rule validation (RULES.md §3). A table's rules are resolved once, when the
// table is created, into a complete `Rules` object that is frozen into the game state.
import type { PresetName, Rules } from "./types";

type Base = Omit<Rules, "players" | "startPoints"> & {
  playersMin: number;
  playersMax: number;
  /** Start points by player count (index = players). */
  start: (players: number) => number;
};

const standard: Base = {
  preset: "standard",
  playersMin: 2,
  playersMax: 5,
  deck: 36,
  start: (n) => (n === 2 ? 31 : n === 3 ? 21 : 15),
  weliCut: "take",
  whiteHand: "auto",
  mulatschakCall: "round",
  bidding: "single",
  minBid: 1,
  oneBidHearts: false,
  heartsDouble: true,
  stayHome: 1,
  mustPlayAt: 5,
  maxExchange: 5,
  maxExchange4: 5,
  noExchangeAt: 3,
  faceUp: "app",
  shortTalonOut: false,
  mustTrump: true,
  mustHead: true,
  failCost: 10,
  noTrickCost: 5,
  mulatschakWin: -10,
  mulatschakWinOthers: 10,
  mulatschakLoss: 10,
  mulatschakLossOthers: -10,
  fiveDealerSitsOut: true,
  outAbove: 100,
  endAbove: false,
};

export const PRESETS: Record<PresetName, Base> = {
  standard,
  geiser: { ...standard, preset: "geiser", start: () => 15 },
  murln: {
    ...standard,
    preset: "murln",
    deck: 33,
    start: () => 21,
    stayHome: 2,
    maxExchange4: 3,
    mulatschakWinOthers: 20,
    mulatschakLoss: 20,
  },
  bergxi: {
    ...standard,
    preset: "bergxi",
    playersMax: 4,
    deck: 33,
    start: () => 21,
    whiteHand: "fold",
    mulatschakCall: "inBidding",
    bidding: "auction",
    stayHome: false,
    noExchangeAt: 5,
    faceUp: "bergxi",
    shortTalonOut: 3,
    noTrickCost: 0,
    mulatschakLoss: 20,
    mulatschakLossOthers: -5,
    fiveDealerSitsOut: false,
    outAbove: false,
    endAbove: 50,
  },
};

type Spec =
  | { kind: "int"; min: number; max: number; off?: boolean }
  | { kind: "bool" }
  | { kind: "enum"; values: readonly (string | number)[] };

const int = (min: number, max: number, off = false): Spec => ({ kind: "int", min, max, off });
const bool: Spec = { kind: "bool" };
const oneOf = (...values: (string | number)[]): Spec => ({ kind: "enum", values });

/** Every option a table may set, with its range. `off: true` means `false`/"off" is allowed. */
const SPECS: Record<Exclude<keyof Rules, "preset" | "players">, Spec> = {
  deck: oneOf(33, 36),
  startPoints: int(1, 200),
  weliCut: oneOf("take", "off"),
  whiteHand: oneOf("auto", "fold", "off"),
  mulatschakCall: oneOf("round", "inBidding"),
  bidding: oneOf("single", "auction"),
  minBid: int(1, 5),
  oneBidHearts: bool,
  heartsDouble: bool,
  stayHome: int(0, 50, true),
  mustPlayAt: int(-1, 200),
  maxExchange: int(0, 5),
  maxExchange4: int(0, 5),
  noExchangeAt: int(-1, 200),
  faceUp: oneOf("app", "bergxi", "off"),
  shortTalonOut: int(0, 50, true),
  mustTrump: bool,
  mustHead: bool,
  failCost: int(0, 100),
  noTrickCost: int(0, 100),
  mulatschakWin: int(-100, 100),
  mulatschakWinOthers: int(-100, 100),
  mulatschakLoss: int(-100, 100),
  mulatschakLossOthers: int(-100, 100),
  fiveDealerSitsOut: bool,
  outAbove: int(1, 1000, true),
  endAbove: int(1, 1000, true),
};

export type RulesResult =
  | { ok: true; rules: Rules }
  | { ok: false; error: { code: "INVALID_RULES"; message: string; option: string } };

const fail = (option: string, message: string): RulesResult => ({
  ok: false,
  error: { code: "INVALID_RULES", message, option },
});

function coerce(name: string, spec: Spec, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (spec.kind === "bool") {
    if (value === true || value === "on") return { ok: true, value: true };
    if (value === false || value === "off") return { ok: true, value: false };
    return { ok: false, message: `Option "${name}" must be on or off (true/false).` };
  }
  if (spec.kind === "enum") {
    if (spec.values.includes(value as string | number)) return { ok: true, value };
    return { ok: false, message: `Option "${name}" must be one of ${spec.values.join(", ")}.` };
  }
  if (spec.off && (value === false || value === "off" || value === null)) return { ok: true, value: false };
  if (typeof value !== "number" || !Number.isInteger(value) || value < spec.min || value > spec.max) {
    const off = spec.off ? ' or "off"' : "";
    return { ok: false, message: `Option "${name}" must be a whole number from ${spec.min} to ${spec.max}${off}.` };
  }
  return { ok: true, value };
}

/** Resolve a preset plus overrides into complete rules, or say which option is wrong. */
export function resolveRules(input: unknown): RulesResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail("rules", "Rules must be an object with a preset and options.");
  }
  const given = input as Record<string, unknown>;
  const presetName = given.preset ?? "standard";
  // Own keys only: "constructor", "__proto__" or "toString" are not presets (nor options) here.
  if (typeof presetName !== "string" || !Object.hasOwn(PRESETS, presetName)) {
    return fail("preset", `Unknown preset "${String(presetName)}"; choose one of ${Object.keys(PRESETS).join(", ")}.`);
  }
  const base = PRESETS[presetName as PresetName];
  const players = given.players ?? 4;
  if (typeof players !== "number" || !Number.isInteger(players) || players < base.playersMin || players > base.playersMax) {
    return fail("players", `Preset "${presetName}" is for ${base.playersMin} to ${base.playersMax} players.`);
  }
  const { playersMin: _a, playersMax: _b, start, ...options } = base;
  const rules: Rules = { ...options, players, startPoints: start(players) };
  for (const [name, value] of Object.entries(given)) {
    if (name === "preset" || name === "players") continue;
    const spec = Object.hasOwn(SPECS, name) ? SPECS[name as keyof typeof SPECS] : undefined;
    if (!spec) return fail(name, `Unknown option "${name}".`);
    const c = coerce(name, spec, value);
    if (!c.ok) return fail(name, c.message);
    (rules as unknown as Record<string, unknown>)[name] = c.value;
  }
  return { ok: true, rules };
}
