// The engine's vocabulary. Everything here is plain JSON so that a state can be stored, loaded
// and replayed; cards inside the state are small integers (see cards.ts), cards at the edges
// (actions, views, scenario files) are strings such as "EA", "S10", "W".

export type Suit = "E" | "L" | "H" | "S";
/** A card as people write it: suit + rank ("EA", "L10", "H7") or "W" for the Weli. */
export type CardName = string;
/** A card inside the state: suit * 9 + rank index (A K O U 10 9 8 7 6); the Weli is 35. */
export type CardId = number;

export type PresetName = "standard" | "geiser" | "murln" | "bergxi";

/** Every option of RULES.md §3, fully resolved (no preset lookups needed at play time). */
export interface Rules {
  preset: PresetName;
  players: number;
  deck: 33 | 36;
  startPoints: number;
  weliCut: "take" | "off";
  whiteHand: "auto" | "fold" | "off";
  mulatschakCall: "round" | "inBidding";
  bidding: "single" | "auction";
  minBid: number;
  oneBidHearts: boolean;
  heartsDouble: boolean;
  /** Cost of staying home, or false when staying home is not allowed. */
  stayHome: number | false;
  mustPlayAt: number;
  maxExchange: number;
  maxExchange4: number;
  noExchangeAt: number;
  faceUp: "app" | "bergxi" | "off";
  /** Cost of dropping out on a short talon (4 seats in the hand), or false. */
  shortTalonOut: number | false;
  mustTrump: boolean;
  mustHead: boolean;
  failCost: number;
  noTrickCost: number;
  mulatschakWin: number;
  mulatschakWinOthers: number;
  mulatschakLoss: number;
  mulatschakLossOthers: number;
  fiveDealerSitsOut: boolean;
  /** A seat above this many points is out of the game; false = never. */
  outAbove: number | false;
  /** The game ends when a seat passes this many points; false = never. */
  endAbove: number | false;
}

/** What a user (or a scenario file) may send: a preset plus overrides. */
export type RulesInput = { preset?: string; players?: number } & Record<string, unknown>;

export type Action =
  | { type: "cut"; value: number }
  | { type: "mulatschak" }
  | { type: "noMulatschak" }
  | { type: "bid"; tricks: number }
  | { type: "pass" }
  | { type: "hold" }
  | { type: "white" }
  | { type: "trump"; suit: Suit }
  | { type: "join" }
  | { type: "stayHome" }
  | { type: "exchange"; cards: CardName[] }
  | { type: "takeShown"; discard?: CardName }
  | { type: "leaveShown" }
  | { type: "fiveOnSau" }
  | { type: "discard"; cards: CardName[] }
  | { type: "play"; card: CardName };

export type ActionType = Action["type"];

/** The fixed rejection codes of SCENARIOS.md. */
export type RejectCode =
  | "NOT_YOUR_TURN"
  | "WRONG_PHASE"
  | "NOT_IN_HAND"
  | "BID_TOO_LOW"
  | "BID_TOO_HIGH"
  | "CANNOT_HOLD"
  | "CANNOT_STAY_HOME"
  | "EXCHANGE_NOT_ALLOWED"
  | "EXCHANGE_TOO_MANY"
  | "MUST_FOLLOW_SUIT"
  | "MUST_HEAD_TRICK"
  | "MUST_TRUMP"
  | "INVALID_ACTION";

export interface Rejection {
  code: RejectCode;
  message: string;
}

/** Phases as SCENARIOS.md names them (staying home and face-up offers belong to `exchange`);
 * `cut` only in games of dealing version 2 (see GameState.v). */
export type Phase = "cut" | "mulatschak" | "bidding" | "trump" | "exchange" | "play" | "over";

export type StakeReason = "white" | "allPassed" | "hearts";

export type SeatStatus = "playing" | "home" | "sittingOut" | "out";

/** One seat's latest word in the Mulatschak round or the bidding (for the table's hints). */
export type BidMark =
  | { kind: "none" }
  | { kind: "mulatschak" }
  | { kind: "noMulatschak" }
  | { kind: "bid"; tricks: number; outbid: boolean }
  | { kind: "hold"; tricks: number; outbid: boolean }
  | { kind: "pass" }
  | { kind: "white" };

/** A fixed deal, as in a scenario file. */
export interface Deal {
  hands: CardName[][];
  talon: CardName[];
  weliCut?: boolean;
  /** Dealing version 2: the cutter's number mixed into this deal (absent in version 1). */
  cut?: number;
}

/** Something that happened and who may see it ("all", or the listed seats). */
export interface GameEvent {
  kind:
    | "weliCut" // seat took the Weli at the cut (everyone sees it)
    | "whiteHand" // seat showed a white hand: cards
    | "redeal" // reason: white | allPassed
    | "shown" // a face-up card offered to seat
    | "takeShown" // seat took the face-up card
    | "leaveShown"
    | "fiveOnSau" // declarer showed the trump Ace
    | "handEnd";
  seat?: number;
  cards?: CardName[];
  reason?: StakeReason;
  hand: number; // index of the hand (deal counter) it belongs to
  visibleTo: "all" | number[];
}

/** The record of one hand played to its end (SCENARIOS.md `handsPlayed`). */
export interface HandRecord {
  dealer: number;
  declarer: number;
  contract: number | "mulatschak";
  trump: Suit;
  stake: number;
  tricks: number[];
  stayedHome: number[];
  delta: number[];
}

export interface TrickCard {
  seat: number;
  card: CardId;
}

/** A face-up card on offer during the exchange. */
export interface ShownOffer {
  seat: number;
  card: CardId;
  /** app: take with a discard; gschaude: take as the replacement; bruckn: taken automatically. */
  mode: "app" | "gschaude";
}

/** Everything about the hand being dealt and played. Hidden parts never leave via views. */
export interface HandState {
  /** Deal counter over the whole game (a redeal counts). */
  no: number;
  inHand: boolean[];
  /** Seats in the hand, clockwise from forehand: the speaking order. */
  order: number[];
  hands: CardId[][];
  talon: CardId[]; // top first
  discards: CardId[];
  weliCutBy: number | null;
  /** Dealing version 2: the seat that cuts this deal (rearhand) and its number once it has cut.
   * Absent in version-1 states. */
  cutter?: number;
  cut?: number | null;
  marks: BidMark[];
  highBid: number; // 0 = no bid yet
  highBidder: number | null;
  /** Index in `order` of the seat speaking (Mulatschak round and bidding). */
  pos: number;
  biddingRound: number; // 0 = the first round
  /** Auction: whether anyone bid or held in the current round. */
  roundActive: boolean;
  declarer: number | null;
  contract: number | "mulatschak" | null;
  trump: Suit | null;
  /** Exchange: seats still to exchange, the one deciding first. */
  exchangeQueue: number[];
  /** What the seat at the front of the queue must do next. */
  step: "join" | "exchange" | "offer" | "discard" | null;
  stayedHome: boolean[];
  /** Points a seat that stayed home scores (before the stake). */
  homeCost: number[];
  offer: ShownOffer | null;
  tricksWon: number[];
  trick: TrickCard[];
  /** Finished tricks of this hand, in order (public: everyone saw them played). */
  tricks: TrickCard[][];
  /** Cards each seat exchanged (public: everyone sees how many); -1 = not yet. */
  exchanged: number[];
  /** The cards each seat itself laid away this hand (known to that seat only). */
  putAway: CardId[][];
}

export interface GameState {
  /**
   * Dealing version. 1: one generator seeded from the seed deals every hand in turn (every state
   * and record made before the cut). 2: each deal waits for its cutter's number (a `cut` action)
   * and is shuffled by a generator of its own, seeded from SHA-256 of seed, deal number and cut
   * (cut.ts). Old states say 1 and replay exactly as before.
   */
  v: 1 | 2;
  rules: Rules;
  /** sfc32 generator state; the shuffle seed never leaves the server before the game ends. */
  rng: [number, number, number, number];
  seed: string;
  points: number[];
  out: boolean[];
  dealer: number;
  stake: number;
  stakeReasons: StakeReason[];
  phase: Phase;
  /** Seats whose turn it is (one seat, or none when the game is over). */
  toAct: number[];
  hand: HandState;
  handsPlayed: HandRecord[];
  winners: number[] | null;
  /** Scripted deals still to be used (scenario files); empty in real games. */
  deals: Deal[];
  events: GameEvent[];
  actionCount: number;
}

export type ApplyResult = { ok: true; state: GameState } | { ok: false; error: Rejection };

/** Legal actions as the API shows them: card-set actions summarised by their largest size. */
export type LegalSummary =
  | Exclude<Action, { type: "exchange" } | { type: "discard" } | { type: "cut" }>
  | { type: "cut"; max: number }
  | { type: "exchange"; max: number; min?: number }
  | { type: "discard"; count: number };

export interface PlayerView {
  seat: number;
  points: number;
  bid: BidMark;
  tricks: number;
  status: SeatStatus;
  cards: number;
  /** How many cards this seat exchanged this hand (-1: not yet). */
  exchanged: number;
}

/** What one seat may know (API.md). `seat` null = a spectator after the game. */
export interface View {
  you: number;
  phase: Phase;
  hand: CardName[];
  legal: LegalSummary[];
  toAct: number[];
  players: PlayerView[];
  dealer: number;
  declarer: number | null;
  contract: number | "mulatschak" | null;
  trump: Suit | null;
  stake: number;
  stakeReasons: StakeReason[];
  trick: { seat: number; card: CardName }[];
  lastTrick: { seat: number; card: CardName }[] | null;
  /** The cards this seat laid away this hand (its own discards: a player coming back days later
   * cannot be expected to remember them). */
  discarded: CardName[];
  /** Every finished trick of this hand (public), oldest first. */
  tricks: { seat: number; card: CardName }[][];
  shown: { seat: number; card: CardName } | null;
  /** Seats still to speak in the current round, in order, the next first (bidding hints). */
  speakingOrder: number[];
  weliCutBy: number | null;
  /** Dealing version 2: who cuts this deal and, once cut, the number (public); null in version 1. */
  cut: { seat: number; value: number | null } | null;
  talonSize: number;
  handNo: number;
  handsPlayed: HandRecord[];
  events: GameEvent[];
  winners: number[] | null;
  /** Only after the game ends: the full record. */
  reveal?: { seed: string; hands: CardName[][]; talon: CardName[]; discards: CardName[] };
}
