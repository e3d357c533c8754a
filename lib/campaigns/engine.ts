import "server-only";
import { expireClaims } from "@/lib/db/shot-jobs";
import { log } from "@/lib/log";
import { resumeWhenBudgetAllows } from "./budget-resume";
import { claimNextJob } from "./claim";
import type { EngineContext } from "./context";
import { campaignsChanged, finishCampaigns, followShots } from "./progress";
import { reconcileUnknownJobs } from "./reconcile";
import { sendClaimedJob } from "./send";
import { advanceTrainings } from "./training";

// The shot engine: every instance runs it, and the database decides who does what. One loop sends
// what the pace allows (each send claimed in the database first, so two instances never send one
// shot); the other keeps things up: turns claims that ran out into lost answers, moves trainings
// on, looks for lost answers in the service's list, follows the shots made and closes finished
// campaigns. Nothing of a campaign lives only here: a restart resumes from the rows.

const IDLE_TICK_MS = 1_000;
const UPKEEP_EVERY_MS = 500;
const MIN_TICK_MS = 20;

export interface RoundResult {
  sent: number;
  /** How long the pace asks to wait before the next send; null when nothing is queued. */
  waitMs: number | null;
}

export class ShotEngine {
  private readonly ctx: EngineContext;
  private readonly loops: Loop[];
  /** Creates on their way: awaited on stop, so no answer is left unrecorded by a clean shutdown. */
  private readonly sending = new Set<Promise<void>>();

  constructor(ctx: EngineContext) {
    this.ctx = ctx;
    // Two loops: sending keeps the pace's own time (its next turn), undelayed by the upkeep
    // (trainings, lost answers, shots made, campaigns ended), which runs about once a second.
    this.loops = [
      new Loop("sending", async () => (await this.sendDue()).waitMs ?? IDLE_TICK_MS),
      new Loop("upkeep", async () => {
        await this.upkeep();
        return UPKEEP_EVERY_MS;
      }),
    ];
  }

  start(): void {
    for (const loop of this.loops) loop.start();
  }

  /** New shots are queued here (a campaign made, resumed or retried): send now, not at the next idle tick. */
  wake(): void {
    this.loops[0].wake();
  }

  async stop(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
    await Promise.allSettled([...this.sending]);
  }

  /** One round of both (tests drive the engine this way); sends are started, not awaited. */
  async round(): Promise<RoundResult> {
    await expireClaims(this.ctx.db, this.ctx.clock());
    await advanceTrainings(this.ctx);
    const result = await this.sendDue();
    await this.upkeep();
    return result;
  }

  private async upkeep(): Promise<void> {
    const { ctx } = this;
    await expireClaims(ctx.db, ctx.clock());
    // Products looked at may have let their shots go (a LoRA found ready): send them now.
    if ((await advanceTrainings(ctx)) > 0) this.wake();
    // A campaign paused at its budget goes on when the budget allows again (a new month, a raised limit).
    if ((await resumeWhenBudgetAllows(ctx)) > 0) this.wake();
    await reconcileUnknownJobs(ctx);
    await followShots(ctx);
    await finishCampaigns(ctx);
  }

  /** Sends until the pace says wait or nothing is queued. */
  async sendDue(onlyCampaign?: string): Promise<RoundResult> {
    let sent = 0;
    for (;;) {
      const claim = await claimNextJob(this.ctx, onlyCampaign);
      if ("idle" in claim) return { sent, waitMs: null };
      if ("waitMs" in claim) return { sent, waitMs: claim.waitMs };
      sent += 1;
      const sending = sendClaimedJob(this.ctx, claim.job)
        .then(() => campaignsChanged(this.ctx, [claim.job.campaignId]))
        .catch((error: unknown) => log.error({ err: error, job: claim.job.id }, "a shot could not be sent"))
        .finally(() => this.sending.delete(sending));
      this.sending.add(sending);
    }
  }

  /** Test hook: wait until every create started has been answered and recorded. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }
}

/** A task run again after the delay it answers (bounded), never two at once; stop waits for the one under way. */
class Loop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  /** Woken while running: run again as soon as this turn ends. */
  private again = false;

  constructor(
    private readonly name: string,
    private readonly task: () => Promise<number>,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs the task now (or right after the turn under way) instead of after its delay. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.task()
        .catch((error: unknown) => {
          log.error({ err: error, loop: this.name }, "shot engine loop failed");
          return IDLE_TICK_MS;
        })
        .then((next) => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : Math.max(MIN_TICK_MS, Math.min(IDLE_TICK_MS, next)));
        });
    }, ms);
    this.timer.unref();
  }
}
