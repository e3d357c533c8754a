import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { PaceConfig } from "./pace";

// What every step of the shot engine is given: the database, the clock and the dice (tests set
// both), who this instance is, and the limits from the environment.

export interface EngineContext {
  db: Db;
  clock: () => Date;
  random: () => number;
  /** This instance, as it signs its claims. */
  holder: string;
  pace: PaceConfig;
  /** How long a claim to send lasts: past the service's timeout, so only a stopped sender lets one run out. */
  claimMs: number;
  graceMs: number;
  trainingCheckMs: number;
}

export function engineContext(db: Db, overrides: Partial<EngineContext> = {}): EngineContext {
  const config = env();
  return {
    db,
    clock: () => new Date(),
    random: Math.random,
    holder: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
    pace: { maxRate: config.CAMPAIGN_MAX_CREATES_PER_SECOND, maxInFlight: config.CAMPAIGN_MAX_IN_FLIGHT },
    claimMs: config.PVS_TIMEOUT_MS + 15_000,
    graceMs: config.CAMPAIGN_RECONCILE_GRACE_MS,
    trainingCheckMs: config.CAMPAIGN_TRAINING_CHECK_MS,
    ...overrides,
  };
}
