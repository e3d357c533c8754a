import "server-only";
import { expireClaims } from "@/lib/db/shot-jobs";
import { log } from "@/lib/log";
import { claimNextJob } from "./claim";
import type { EngineContext } from "./context";
import { finishCampaigns, followShots } from "./progress";
import { reconcileUnknownJobs } from "./reconcile";
import { sendClaimedJob } from "./send";
import { advanceTrainings } from "./training";

// The shot engine: every instance runs this loop, and the database decides who does what. Each
// round turns claims that ran out into lost answers, moves trainings on, sends what the pace
// allows (each send claimed in the database first, so two instances never send one shot), looks
// for lost answers in the service's list, follows the shots made and closes finished campaigns.
// Nothing of a campaign lives only here: a restart resumes from the rows.

const IDLE_TICK_MS = 1_000;
const MIN_TICK_MS = 50;

export interface RoundResult {
  sent: number;
  /** How long the pace asks to wait before the next send; null when nothing is queued. */
  waitMs: number | null;
}

export class ShotEngine {
  private readonly ctx: EngineContext;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  /** Creates on their way: awaited on stop, so no answer is left unrecorded by a clean shutdown. */
  private readonly sending = new Set<Promise<void>>();

  constructor(ctx: EngineContext) {
    this.ctx = ctx;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await Promise.allSettled([...this.sending]);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round()
        .catch((error: unknown) => {
          log.error({ err: error }, "shot engine round failed");
          return { sent: 0, waitMs: IDLE_TICK_MS } satisfies RoundResult;
        })
        .then((result) => this.schedule(Math.max(MIN_TICK_MS, Math.min(IDLE_TICK_MS, result.waitMs ?? IDLE_TICK_MS))))
        .finally(() => (this.running = null));
    }, ms);
    this.timer.unref();
  }

  /** One round; sends are started, not awaited (the pace bounds how many are under way). */
  async round(): Promise<RoundResult> {
    const { ctx } = this;
    await expireClaims(ctx.db, ctx.clock());
    await advanceTrainings(ctx);
    const result = await this.sendDue();
    await reconcileUnknownJobs(ctx);
    await followShots(ctx);
    await finishCampaigns(ctx);
    return result;
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
