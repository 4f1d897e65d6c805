// English texts: the source of the type `Texts`, so `de.ts` must have every key (and no other).
// The pages' own areas (league, chat, player, check, help) live in *-words.ts beside it, both
// languages together, and are plugged in here under the same keys.
// Plurals, numbers, lists and dates go through `formats` (Intl), never by hand.
import type { PresetName, Rules, StakeReason } from "../../../worker/engine";
import type { BotLevel } from "../api/tables";
import { formats, type Forms } from "./format";
import { historyEn } from "./history";
import { identityEn } from "./identity";
import { chatEn } from "./chat-words";
import { playerEn } from "./player-words";
import { checkEn } from "./check-words";
import { helpPageEn } from "./help-words";

const f = formats("en");
const card: Forms = { one: "card", other: "cards" };

/** The house rules the create form lists (preset, players and start points have their own fields). */
export type RuleName = Exclude<keyof Rules, "preset" | "players" | "startPoints">;
/** The words of the rules' choices ("off" is `off` above). */
type RuleValue = Exclude<Extract<Rules[RuleName], string>, "off">;

export const en = {
  lang: "en",
  appName: "Muli",
  myGames: "My games",
  myLeagues: "My leagues",
  turnsWaiting: (n: number) => `${f.count(n, { one: "table waits", other: "tables wait" })} for you`,
  newGame: "New game",
  settings: "Settings",
  back: "Back",
  rulesOfTable: "Rules of this table",
  loading: "Loading…",
  copy: "Copy",
  copied: "Copied",
  open: "Open",
  off: "off",

  // My games
  noGames: "No games yet. Create one, or open the personal link someone sent you.",
  yourTurn: "Your turn",
  waitingFor: (names: string[]) => `Waiting for ${f.list(names)}`,
  gameOver: "Game over",
  asSeat: (name: string) => `as ${name}`,
  forget: "Forget",
  unreachable: "Not reachable",
  moreFinished: "Show older finished games",

  // Create
  createTitle: "New game",
  players: "Players",
  preset: "Rules",
  presets: {
    standard: "Standard (like the app)",
    geiser: "Geiser (Salzburg)",
    murln: "Murln",
    bergxi: "Bergxi",
  } satisfies Record<PresetName, string>,
  startPoints: "Start points",
  startPointsHelp: "Points count down; whoever reaches 0 first wins.",
  houseRules: "House rules",
  houseRulesHelp: "Every rule of the chosen preset; change any of them.",
  seats: "Seats",
  seatName: (i: number) => `Seat ${i + 1}`,
  person: "Person",
  bot: "Bot",
  botLevels: { random: "random", easy: "easy", normal: "normal", strong: "strong" } satisfies Record<BotLevel, string>,
  thatsMe: "That's me",
  create: "Create table",
  creating: "Creating…",
  tableReady: "The table is ready",
  linksHelp: "Send every player their personal link: whoever has it plays that seat.",
  openMySeat: "Open my seat",
  showQr: "QR code",
  qrHelp: "Scan to open this seat",
  nameMissing: "Every seat needs a name.",
  tableHint: "Hint",
  allowHints: "Hints allowed",
  allowHintsHelp: "At their turn a player may ask for a suggestion, with its reason. League games are played without.",

  // Rules: a label and a one-line explanation each.
  rules: {
    deck: ["Deck", "36 cards (6 to Ace) or 33 (7 to Ace); the Weli is in both."],
    weliCut: ["Weli at the cut", "Whoever cuts and finds the Weli at the bottom takes it into hand."],
    whiteHand: ["White hand", "A hand without figures: shown automatically, folded on request, or played."],
    mulatschakCall: ["Calling Mulatschak", "Asked in a round of its own before bidding, or bid as the highest call."],
    bidding: ["Bidding", "Everyone speaks once, or the auction goes round until nobody raises."],
    minBid: ["Lowest bid", "The smallest number of tricks one may bid."],
    oneBidHearts: ["A bid of 1 plays hearts", "A contract of one trick is always played with hearts as trump."],
    heartsDouble: ["Hearts doubles", "A hand with hearts as trump counts double."],
    stayHome: ["Staying home", "Points for a defender who lays down the cards and sits the hand out."],
    mustPlayAt: ["Must play at", "With this many points or fewer a player may not stay home."],
    maxExchange: ["Exchange up to", "How many cards one may exchange."],
    maxExchange4: ["Exchange with four", "How many cards one may exchange when four play the hand."],
    noExchangeAt: ["No exchange at", "With this many points or fewer a player may not exchange."],
    faceUp: ["Face-up card", "After exchanging one or five cards: the app's offer, Bergxi's way, or none."],
    shortTalonOut: ["Out on a short talon", "With four in the hand the last may drop out when few cards are left (points)."],
    mustTrump: ["Must trump", "Who cannot follow suit must play a trump."],
    mustHead: ["Must head", "Who can beat the trick must do so."],
    failCost: ["Contract failed", "Points the declarer gets for failing the bid."],
    noTrickCost: ["No trick", "Points a defender gets for taking no trick."],
    mulatschakWin: ["Mulatschak made", "Points for the declarer who takes all five tricks."],
    mulatschakWinOthers: ["Mulatschak made, others", "Points for each other player."],
    mulatschakLoss: ["Mulatschak failed", "Points for the declarer who loses a trick."],
    mulatschakLossOthers: ["Mulatschak failed, others", "Points for each other player."],
    fiveDealerSitsOut: ["Five: dealer sits out", "With five players the dealer gets no cards that hand."],
    outAbove: ["Out above", "Whoever climbs above this many points is out of the game."],
    endAbove: ["Game ends above", "The game ends when anyone passes this; the lowest score wins."],
  } satisfies Record<RuleName, [string, string]>,
  values: {
    take: "take it",
    auto: "automatic redeal",
    fold: "may fold",
    round: "own round",
    inBidding: "in the bidding",
    single: "once round",
    auction: "auction",
    app: "the app's",
    bergxi: "Bergxi",
  } satisfies Record<RuleValue, string>,

  // The table
  live: "live",
  reconnecting: "reconnecting…",
  polling: "offline, checking now and then",
  pending: "sending…",
  staleReloaded: "The table changed meanwhile; here is the current state.",
  pointsLabel: "points",
  tricksLabel: (n: number) => `${f.count(n, { one: "trick", other: "tricks" })} this hand`,
  dealerShort: "D",
  dealer: "dealer",
  stake: "Stake",
  stakeReasons: { white: "white hand", allPassed: "nobody bid", hearts: "hearts" } satisfies Record<StakeReason, string>,
  askMulatschak: "Mulatschak?",
  askBid: "How many tricks?",
  askTrump: "Which suit is trump?",
  askJoin: "Play along or stay home?",
  askExchange: (max: number) => `Select up to ${f.count(max, card)} to exchange.`,
  askNoExchange: "You may not exchange; confirm to go on.",
  askOffer: "A card face up for you.",
  askOfferDiscard: "Select the card you give for it, then take it.",
  askDiscard: (n: number) => `Select ${f.count(n, card)} to discard.`,
  askPlay: "Your turn: play a card.",
  /** Who is being waited for, and for what (the phase; `offer`: a face-up card to take or leave). */
  waitingOn: (name: string, phase: string, offer: boolean) =>
    ({
      cut: `Waiting for ${name} to cut the deck.`,
      mulatschak: `${name} is asked: Mulatschak or not?`,
      bidding: `${name} is asked: how many tricks?`,
      trump: `Waiting for ${name} to name trump.`,
      exchange: offer ? `Waiting for ${name}: take the face-up card or leave it.` : `Waiting for ${name}: play along or stay home, and exchange.`,
      play: `Waiting for ${name} to play a card.`,
    })[phase] ?? `Waiting for ${name}.`,
  mulatschak: "Mulatschak",
  noMulatschak: "No Mulatschak",
  pass: "Pass",
  hold: (n: number) => `Hold ${n}`,
  bid: (n: number) => `${n}`,
  white: "White (fold)",
  join: "Play along",
  stayHome: "Stay home",
  exchange: (n: number) => (n === 0 ? "Keep all" : `Exchange ${n}`),
  takeShown: "Take it",
  leaveShown: "Leave it",
  fiveOnSau: "Five on the Sau",
  discard: (n: number) => `Discard ${n}`,
  trumpIs: "Trump",
  trick: "Trick",
  lastTrick: "Last trick",
  offered: (name: string) => `Face up for ${name}`,
  weliYou: "You have the Weli in hand (found at the cut).",
  askCut: "You cut the deck.",
  cut: "Cut",
  // The cut's number only mixes the shuffle (the check page shows it): in words, who cut.
  cutYou: "You cut the deck.",
  cutOther: (name: string) => `${name} cut the deck.`,
  weliOther: (name: string) => `${name} took the Weli at the cut.`,
  whiteShown: (name: string) => `${name} had a white hand: redeal, stake doubled.`,
  allPassedNews: "Nobody bid: redeal, stake doubled.",
  yourHand: "Your hand",
  mustFollow: (suit: string) => `You must follow ${suit}.`,
  mustHead: "You must beat the trick.",
  mustTrump: "You must play a trump.",
  mustHeadTrump: "You must beat it with a trump.",
  notYourTurn: "It is not your turn.",
  notNow: "Not now.",
  scoreSheet: "Score sheet",
  handNo: "#",
  noHands: "No hand played yet.",
  wonAlone: (name: string) => `${name} won!`,
  wonTogether: (names: string[]) => `${f.list(names)} won together!`,
  hints: "Bidding hints",
  noSeat: "This link has no seat token. Open your personal link once on this device.",
  deadlineAt: (at: string) => `Decide by ${f.date(at, { weekday: "short", hour: "2-digit", minute: "2-digit" })}`,
  yourTurnTitle: "Your turn",
  /** Correspondence marks next to a name (the view's `clock`). */
  marks: { away: "bot plays until they return", awayShort: "bot", vacation: "on vacation: clock paused", vacationShort: "vacation" },

  /** Refusals in the player's words, by the server's code; anything else shows the server's message. */
  errors: {
    INVALID_REQUEST: "That input is not valid; check the fields and try again.",
    INVALID_ACTION: "That move is not possible now.",
    STALE_VERSION: "The table changed meanwhile; here is the current state.",
    NOT_IN_HAND: "You are not in this hand.",
    PAYLOAD_TOO_LARGE: "That is too long.",
    UNAVAILABLE: "This is not available on this server.",
    UPGRADE_REQUIRED: "This needs a live connection (WebSocket).",
    INTERNAL: "Something went wrong on the server; try again.",
    FORBIDDEN: "You may not do this.",
    NOT_FOUND: "Not found.",
    UNAUTHORIZED: "This link is not valid (any more).",
    NETWORK: "No connection; try again in a moment.",
    POOL_RUNNING: "Other tables are still playing these deals.",
    RATE_LIMITED: "Too many requests; wait a moment.",
  },
  tableErrors: {
    NOT_YOUR_TURN: "It is not your turn.",
    WRONG_PHASE: "That is not possible at this point of the hand.",
    MUST_FOLLOW_SUIT: "You must follow suit.",
    MUST_HEAD_TRICK: "You must beat the trick.",
    MUST_TRUMP: "You must play a trump.",
    UNAUTHORIZED: "This seat link is not valid (any more).",
    NOT_FOUND: "There is no such table.",
    HINTS_OFF: "Hints are switched off at this table.",
  },
  invalidRule: (rule: string) => `The house rule “${rule}” does not fit these rules or this number of players.`,
  unknownError: (code: string) => `The server refused this (${code}).`,

  // Table talk (components/ChatPanel); the quick reactions' words are in worker/chat/text.ts
  chat: chatEn,

  // Settings
  cardStyle: "Card style",
  doppeldeutsch: "Doppeldeutsch (Eichel, Laub, Herz, Schellen)",
  french: "French (♣ ♠ ♥ ♦)",
  language: "Language",
  browserLanguage: "Browser language",
  hintsHelp: "History of the bidding under the names and the order at the table under the question.",
  feedback: "Feedback",
  feedbackHelp: "A rule variant from your table, or a problem with the app? Tell us.",
  kindRule: "Rule variant",
  kindProblem: "Problem",
  yourMessage: "Your message",
  contact: "Contact (optional)",
  send: "Send",
  thanks: "Thank you, received.",

  // Offline
  offline: "offline",
  unsent: "Not sent yet: no connection. It goes out when the connection is back.",
  unsentStale: "Your move was not sent: the table moved on while you were offline. Here is the current state.",
  unsentFailed: "Your move was not sent.",
  dontSend: "Don't send",
  tableHeading: (names: string[]) => `Table: ${f.list(names)}`,
  played: (name: string, card: string) => `${name} played ${card}`,
  confirmTitle: "Confirm your move",
  confirmQuestion: (what: string) => `Send “${what}”?`,
  confirmSend: "Send",
  confirmMoves: "Confirm moves",
  confirmMovesHelp: "Ask once more before a card or an answer is sent (against stray taps on a phone).",
  fourColors: "Four-colour French deck (♣ green, ♦ blue)",
  /** Settings: the player, their channels and clocks (correspondence play). */
  player: playerEn,

  identity: identityEn,

  check: checkEn,
  history: historyEn,

  /** The legend of the table's signs and the rules page. */
  helpPage: helpPageEn,
};

export type Texts = typeof en;
