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
import { activeStarts, checkAgainAt, dueItems, giveUp, markFinished, type WatchItem } from "@/lib/notify/watch-items";

// One watcher per installation: every instance runs the loop, only the holder of the "watcher"
// lease does the rounds. A round asks the service about what is due (through lib/service, whose
// coalesced reads pages share), tells people about what finished, sends the outbox and the
// daily digests. Calls are paced by a token bucket of `callsPerMinute`, and every item's wish is
// stretched alike when many are under way.

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
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.round()
        .catch((error: unknown) => log.error({ err: error }, "watcher round failed"))
        .finally(() => (this.running = null));
    }, this.tickMs);
    this.timer.unref();
  }

  /** Stops the loop and hands the lease on at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
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
      const shot = item.kind === "prediction" ? await getPredictionView(item.resourceId) : null;
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
    await checkAgainAt(this.db, item, new Date(now.getTime() + wish * factor));
    return false;
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
