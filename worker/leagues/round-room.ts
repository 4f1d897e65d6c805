// One object per league that starts its rounds in slices (round-job.ts): one slice per alarm, so
// each is an invocation of its own within the CPU budget; a slice that fails is tried again (its
// job is read back as it was before that slice) and, after too many failures, the round given
// back. It also keeps the season's seating plans, so a season's later rounds need no annealing.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../base/env";
import { useClock } from "../base/clock";
import { logEvent } from "../base/log";
import { abandon, roundSlice, type PlanShelf, type RoundJob } from "./round-job";

const JOB = "job";
const FAILURES = "failures";
/** Tries of one slice before the round is given back. */
const MAX_FAILURES = 8;

export class RoundRoom extends DurableObject<Env> {
  private waiting: ((done: boolean) => void)[] = [];

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    useClock(env);
  }

  private readonly shelf: PlanShelf = {
    get: (key) => this.ctx.storage.get<string[][][]>(`plan:${key}`),
    put: (key, plan) => this.ctx.storage.put(`plan:${key}`, plan),
  };

  /**
   * Take the job (unless one is under way) and start its slices; answers true once it is done,
   * false when it is not within `waitMs` (it goes on) or was given up.
   */
  async begin(job: RoundJob, waitMs: number): Promise<boolean> {
    if (!(await this.ctx.storage.get<RoundJob>(JOB))) {
      await this.ctx.storage.put({ [JOB]: job, [FAILURES]: 0 });
      await this.ctx.storage.setAlarm(Date.now());
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      this.waiting.push((done) => (clearTimeout(timer), resolve(done)));
    });
  }

  private finish(done: boolean): void {
    for (const w of this.waiting.splice(0)) w(done);
  }

  override async alarm(): Promise<void> {
    const job = await this.ctx.storage.get<RoundJob>(JOB);
    if (!job) return;
    try {
      if (await roundSlice(this.env, job, this.shelf)) {
        await this.ctx.storage.delete([JOB, FAILURES]);
        this.finish(true);
        return;
      }
      await this.ctx.storage.put({ [JOB]: job, [FAILURES]: 0 });
      await this.ctx.storage.setAlarm(Date.now());
    } catch (e) {
      const failures = ((await this.ctx.storage.get<number>(FAILURES)) ?? 0) + 1;
      logEvent("warn", "league.round_slice_failed", { leagueId: job.leagueId, kind: job.step }, e);
      if (failures < MAX_FAILURES) {
        await this.ctx.storage.put(FAILURES, failures);
        await this.ctx.storage.setAlarm(Date.now() + 500 * 2 ** failures);
        return;
      }
      await abandon(this.env, job, e);
      await this.ctx.storage.delete([JOB, FAILURES]);
      this.finish(false);
    }
  }
}
