import "server-only";
import { countHit } from "@/lib/db/rate-windows";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/types";

// What one person may ask of the service by hand in a minute (PERSON_SHOTS_PER_MINUTE,
// PERSON_TRAININGS_PER_MINUTE), counted in the database so every instance counts together. The
// service's limits are the installation's: one person's burst must not leave everyone else with
// 429s. Campaigns are not counted here: their shots queue and take turns (lib/campaigns).

const WINDOW_SECONDS = 60;

export type PersonLimit = "shots" | "trainings";

const WORDS: Record<PersonLimit, (max: number) => string> = {
  shots: (max) =>
    `You have asked for ${max} shots in the last minute, the most one person may at once so the image service stays open to everyone.`,
  trainings: (max) =>
    `You have started ${max} trainings in the last minute, the most one person may at once so the image service stays open to everyone.`,
};

/** Counts `count` of `kind` for the person; over their limit, a 429 with Retry-After and words. */
export async function assertWithinPersonLimit(user: SessionUser, kind: PersonLimit, count = 1): Promise<void> {
  const max = kind === "shots" ? env().PERSON_SHOTS_PER_MINUTE : env().PERSON_TRAININGS_PER_MINUTE;
  const hit = await countHit(`person:${kind}:${user.id}`, WINDOW_SECONDS, count);
  if (hit.hits <= max) return;
  const tail =
    kind === "shots" ? " For more at once, start a campaign: its shots queue and are sent as the service allows." : "";
  throw new AppError("rate_limited", `${WORDS[kind](max)} Try again in ${hit.secondsLeft} s.${tail}`, {
    retryAfter: hit.secondsLeft,
  });
}
