// Does the timing of moves tell the table which moves were forced? Games of four `normal` bots
// (standard rules) stand in for the decisions; each seat is a simulated person with a pace of
// its own: sometimes at the table when a turn starts (a think time of a few seconds), sometimes
// away (hours until they look, then a think time). Real decisions take the person's time; forced
// ones are timed by a policy. An observer sees every move's delay and knows the seat; the figure
// is the AUC of "forced" against delay (0.5: the delay says nothing; 1 or 0: it gives it away),
// per seat and then averaged, also for an observer who even knows whether the person was at the
// table (the strictest). `npx tsx bench/forced-timing.ts [games]`.
import { applyAction, createGame, legalActions, randomSource, resolveRules, viewFor } from "../worker/engine";
import { botFor } from "../worker/bots";
import { NO_ANSWERS, forcedMoveDelay, keepAnswer, type AnswerTimes } from "../worker/deadlines/answers";
import { AUTO_PLAY_PAUSE_MS } from "../worker/deadlines/clock";

type Policy = "fixed" | "drawn" | "manual";
const POLICIES: Policy[] = ["fixed", "drawn", "manual"];

interface Person {
  looking: number; // chance of being at the table when a turn starts
  thinkMedianMs: number;
  awayMeanMs: number;
}

interface Move {
  seat: number;
  forced: boolean;
  looking: boolean;
  ms: number;
}

const HOUR = 3_600_000;

function people(random: () => number): Person[] {
  return [0, 1, 2, 3].map(() => ({ looking: 0.2 + 0.6 * random(), thinkMedianMs: 3000 + 9000 * random(), awayMeanMs: HOUR * (1 + 11 * random()) }));
}

/** A normal deviate from two uniforms (Box-Muller). */
const gauss = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const think = (p: Person, random: () => number) => Math.round(p.thinkMedianMs * Math.exp(0.6 * gauss(random)));
const lookAfter = (p: Person, random: () => number) => Math.round(-p.awayMeanMs * Math.log(1 - random()));
/** How long the person takes over a decision they make themselves. */
const answer = (p: Person, looking: boolean, random: () => number) => (looking ? 0 : lookAfter(p, random)) + think(p, random);

async function playGame(seed: string, policy: Policy, out: Move[]): Promise<void> {
  const rules = resolveRules({ preset: "standard", players: 4 });
  if (!rules.ok) throw new Error(rules.error.message);
  const random = randomSource(`${seed}:time`);
  const persons = people(random);
  const answers: AnswerTimes[] = persons.map(() => NO_ANSWERS);
  let state = createGame(rules.rules, { seed });
  const bot = botFor("normal");
  let n = 0;
  while (state.phase !== "over") {
    const seat = state.toAct[0];
    const forced = legalActions(state, seat).length === 1;
    const looking = random() < persons[seat].looking;
    let ms: number;
    if (!forced || policy === "manual") {
      ms = answer(persons[seat], looking, random);
      answers[seat] = keepAnswer(answers[seat], looking, ms);
    } else if (policy === "fixed") {
      ms = AUTO_PLAY_PAUSE_MS;
    } else {
      // As the table's clock does: a delay drawn from the seat's own answers, or, away with none
      // to go by, when the person looks (then a live delay).
      const d = forcedMoveDelay(answers[seat], looking, random(), random());
      ms = d ?? lookAfter(persons[seat], random) + forcedMoveDelay(answers[seat], true, random(), random())!;
    }
    out.push({ seat, forced, looking, ms });
    const action = await bot({ view: viewFor(state, seat), rules: state.rules, random: randomSource(`${seed}:${n++}`), budgetMs: 1 });
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
}

/** P(a forced move's delay < a real one's), ties counted half (Mann-Whitney). */
function auc(moves: Move[]): number | null {
  const sorted = [...moves].sort((a, b) => a.ms - b.ms);
  let rankSum = 0;
  let nForced = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j].ms === sorted[i].ms) j++;
    const rank = (i + j + 1) / 2; // 1-based mean rank of the tie group
    for (let k = i; k < j; k++) if (sorted[k].forced) (rankSum += rank), nForced++;
    i = j;
  }
  const nReal = sorted.length - nForced;
  if (!nForced || !nReal) return null;
  const u = rankSum - (nForced * (nForced + 1)) / 2;
  return 1 - u / (nForced * nReal); // "forced is quicker" scores above 0.5
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function measureForcedTiming(games: number): Promise<Record<Policy, { moves: number; forced: number; aucSeat: number; aucSeatState: number; forcedMedianMs: number; realMedianMs: number }>> {
  const result = {} as Awaited<ReturnType<typeof measureForcedTiming>>;
  for (const policy of POLICIES) {
    const perSeat: number[] = [];
    const perState: number[] = [];
    const all: Move[] = [];
    for (let g = 0; g < games; g++) {
      const moves: Move[] = [];
      await playGame(`timing:${g}`, policy, moves);
      all.push(...moves);
      // Each game has its own people: the observer judges each seat of each game on its own.
      for (let seat = 0; seat < 4; seat++) {
        const mine = moves.filter((m) => m.seat === seat);
        const a = auc(mine);
        if (a !== null) perSeat.push(a);
        for (const looking of [true, false]) {
          const b = auc(mine.filter((m) => m.looking === looking));
          if (b !== null) perState.push(b);
        }
      }
    }
    const forced = all.filter((m) => m.forced);
    result[policy] = {
      moves: all.length,
      forced: forced.length,
      aucSeat: mean(perSeat),
      aucSeatState: mean(perState),
      forcedMedianMs: median(forced.map((m) => m.ms)),
      realMedianMs: median(all.filter((m) => !m.forced).map((m) => m.ms)),
    };
  }
  return result;
}

if (typeof process !== "undefined" && process.argv[1]?.endsWith("forced-timing.ts")) {
  const games = Number(process.argv[2] ?? 100);
  const r = await measureForcedTiming(games);
  const fmt = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : ms < HOUR ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / HOUR).toFixed(1)} h`);
  console.log(`${games} games of 4 normal bots (standard), simulated people; AUC of "forced" by delay (0.5 = no information)`);
  console.log("policy | moves | forced | AUC per seat | AUC per seat and presence | forced median | real median");
  for (const p of POLICIES) {
    const x = r[p];
    console.log(`${p} | ${x.moves} | ${x.forced} | ${x.aucSeat.toFixed(3)} | ${x.aucSeatState.toFixed(3)} | ${fmt(x.forcedMedianMs)} | ${fmt(x.realMedianMs)}`);
  }
}
