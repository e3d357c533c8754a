import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "@/lib/db/client";
import { markLoraReady } from "@/lib/db/products";
import { isAppError } from "@/lib/errors";
import { tellOpenPages } from "@/lib/events/publish";
import { log } from "@/lib/log";
import { getProduct } from "@/lib/service";
import { getPredictionView } from "@/lib/studio/predictions";
import type { PredictionView } from "@/lib/types";
import { announceTrainingFinished } from "@/lib/notify/announce";
import { announcePredictionFinished } from "./announce-shots";
import { sendDigests } from "@/lib/watcher/digest";
import { holdLease, releaseLease } from "@/lib/notify/lease";
import { deliverDue } from "@/lib/notify/outbox";
import { stretchFactor, wishedInterval } from "@/lib/notify/schedule";
import {
  activeStarts,
  checkAgainAt,
  dueItems,
  giveUp,
  markFinished,
  soonestCheckAt,
  type WatchItem,
} from "@/lib/notify/watch-items";
import { DUE_SHARE, FAST_POLL_MS, SHARED_ANSWER_EARLY_MS } from "@/lib/predictions/state";
import { fastestGenerationMs } from "@/lib/studio/generation-times";

// One watcher per installation: every instance runs the loop, only the holder of the "watcher"
// lease does the rounds. A round asks the service about what is due (through lib/service, whose
// coalesced reads pages share), tells people and open pages about what finished, sends the outbox
// and the daily digests. Open pages no longer ask the service themselves: how soon a finished
// shot shows is how soon the watcher sees it. So a round comes when the next check is due (not
// on a fixed tick), a shot is asked about rarely until it may be done (DUE_SHARE of the fastest
// recent generation time) and then every FAST_POLL_MS, with a fresh answer. Calls are paced by a
// token bucket of `callsPerMinute`; trainings' and not-yet-due shots' wishes are stretched alike
// when many are under way, while due shots are asked as often as the bucket allows.

export interface WatcherOptions {
  db: Db;
  callsPerMinute: number;
  tickMs?: number;
  leaseMs?: number;
  holder?: string;
}

export interface RoundResult {
  held: boolean;
  checked: number;
  finished: number;
  delivered: number;
  digests: number;
}

const LEASE_NAME = "watcher";
const DIGEST_EVERY_MS = 60_000;
/** The soonest a next round comes after one ends. */
const MIN_TICK_MS = 50;

export class Watcher {
  readonly holder: string;
  private readonly db: Db;
  private readonly callsPerMinute: number;
  private readonly tickMs: number;
  private readonly leaseMs: number;
  private tokens: number;
  private lastRefill = Date.now();
  private lastDigest = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private running: Promise<unknown> | null = null;

  constructor(options: WatcherOptions) {
    this.db = options.db;
    this.callsPerMinute = options.callsPerMinute;
    this.tickMs = options.tickMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
    this.tokens = this.burst();
  }

  /** A few calls may go at once (a batch just started); the rest wait for the bucket to refill. */
  private burst(): number {
    return Math.max(1, Math.floor(this.callsPerMinute / 9));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.tickMs);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round()
        .then((result) => this.nextRoundInMs(result))
        .catch((error: unknown) => {
          log.error({ err: error }, "watcher round failed");
          return this.tickMs;
        })
        .then((next) => {
          this.running = null;
          this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  /** The lease holder comes back when the soonest check is due (at most a tick away). */
  private async nextRoundInMs(result: RoundResult): Promise<number> {
    if (!result.held) return this.tickMs;
    const soonest = await soonestCheckAt(this.db);
    if (!soonest) return this.tickMs;
    // Without a whole token, wait for one: the bucket refills callsPerMinute a minute.
    const forToken = this.tokens >= 1 ? 0 : ((1 - this.tokens) * 60_000) / this.callsPerMinute;
    return Math.min(this.tickMs, Math.max(MIN_TICK_MS, soonest.getTime() - Date.now(), forToken));
  }

  /** Stops the loop and hands the lease on at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await releaseLease(this.db, LEASE_NAME, this.holder).catch(() => undefined);
  }

  async round(now = new Date()): Promise<RoundResult> {
    const result: RoundResult = { held: false, checked: 0, finished: 0, delivered: 0, digests: 0 };
    result.held = await holdLease(this.db, LEASE_NAME, this.holder, this.leaseMs);
    if (!result.held) return result;
    this.refill(now.getTime());
    const due = this.tokens >= 1 ? await dueItems(this.db, now, Math.floor(this.tokens)) : [];
    if (due.length > 0) {
      const factor = await this.stretch(now);
      for (const item of due) {
        this.tokens -= 1;
        result.checked += 1;
        if (await this.check(item, now, factor)) result.finished += 1;
      }
    }
    // What this round announced is sent in this round too: its rows are due from `now`.
    result.delivered = await deliverDue(this.db, now);
    if (now.getTime() - this.lastDigest >= DIGEST_EVERY_MS) {
      this.lastDigest = now.getTime();
      result.digests = await sendDigests(this.db, now);
    }
    return result;
  }

  private refill(nowMs: number): void {
    const elapsed = Math.max(0, nowMs - this.lastRefill);
    this.lastRefill = nowMs;
    this.tokens = Math.min(this.burst(), this.tokens + (elapsed / 60_000) * this.callsPerMinute);
  }

  private async stretch(now: Date): Promise<number> {
    const wishes = (await activeStarts(this.db))
      .map((s) => wishedInterval(s.kind, now.getTime() - s.startedAt.getTime()))
      .filter((ms): ms is number => ms !== null);
    return stretchFactor(wishes, this.callsPerMinute);
  }

  /** True when the item finished in this check. */
  private async check(item: WatchItem, now: Date, factor: number): Promise<boolean> {
    const wish = wishedInterval(item.kind, now.getTime() - item.startedAt.getTime());
    if (wish === null) {
      await this.giveUp(item);
      return false;
    }
    try {
      const shot = item.kind === "prediction" ? await getPredictionView(item.resourceId, { fresh: true }) : null;
      const done = shot ? shot.images.length > 0 : (await getProduct(item.resourceId)).lora_enabled === 1;
      if (done) {
        // The registry learns it too, so the products list and the emails agree.
        if (item.kind === "lora") await markLoraReady(item.resourceId);
        if (!(await markFinished(this.db, item))) return false;
        await this.tellOpenPages(item, true, shot);
        if (item.kind === "lora") await announceTrainingFinished(this.db, item, now);
        else await announcePredictionFinished(this.db, item, now);
        return true;
      }
    } catch (error) {
      if (isAppError(error) && error.status === 404) {
        await this.giveUp(item);
        return false;
      }
      log.warn({ err: error, kind: item.kind, id: item.resourceId }, "watcher check failed; will ask again");
    }
    await checkAgainAt(this.db, item, new Date(now.getTime() + (await this.nextCheckInMs(item, now, wish, factor))));
    return false;
  }

  /**
   * A shot not yet due is asked about again when it may be (at most SHARED_ANSWER_EARLY_MS on);
   * a due one every FAST_POLL_MS, as the bucket allows; a training at its stretched wish.
   */
  private async nextCheckInMs(item: WatchItem, now: Date, wish: number, factor: number): Promise<number> {
    if (item.kind !== "prediction" || wish > FAST_POLL_MS) return wish * factor;
    const fastest = await fastestGenerationMs();
    const untilDue = fastest === null ? 0 : fastest * DUE_SHARE - (now.getTime() - item.startedAt.getTime());
    return untilDue > 0 ? Math.min(SHARED_ANSWER_EARLY_MS, untilDue) : FAST_POLL_MS;
  }

  private async giveUp(item: WatchItem): Promise<void> {
    await giveUp(this.db, item);
    await this.tellOpenPages(item, false);
  }

  /** Open pages learn what the watcher found at once: they no longer ask the service themselves. */
  private async tellOpenPages(item: WatchItem, ready: boolean, shot: PredictionView | null = null): Promise<void> {
    await tellOpenPages(
      this.db,
      item.kind === "lora"
        ? { kind: "training.finished", product_id: item.productId, ready }
        : {
            kind: "shots.ready",
            prediction_id: item.resourceId,
            product_id: item.productId,
            campaign_id: item.batchId,
            ready,
            ...(shot ? { prediction: shot } : {}),
          },
    );
  }
}
