import { formatElapsed, parseServiceDate } from "@/lib/format";
import type { PredictionView } from "@/lib/types";

// The interface shows no failure state and only a typical 30–60 s generation time, so the app
// decides from elapsed time alone: past SLOW_AFTER_MS it says so and polls less, past
// GIVE_UP_AFTER_MS it stops polling and offers to generate again. Nothing polls forever.
export const SLOW_AFTER_MS = 90_000;
export const GIVE_UP_AFTER_MS = 10 * 60_000;
// A page shows a finished shot within about FAST_POLL_MS + SHARED_ANSWER_MS (the server keeps one
// answer of the service per prediction that long, for everyone who polls it) once it may be done.
// Before that (see sharedAnswerMs) and after, one answer is shared for longer.
export const FAST_POLL_MS = 300;
export const SHARED_ANSWER_MS = 800;
export const SLOW_POLL_MS = 10_000;
/** The longest one answer is shared while a prediction is not yet due. */
export const SHARED_ANSWER_EARLY_MS = 4_000;
/** A finished prediction's images do not change: its answer is shared this long. */
export const SHARED_ANSWER_DONE_MS = 60_000;
/** A prediction counts as due from this share of the fastest recent generation time. */
export const DUE_SHARE = 0.75;

export type PredictionPhase = "done" | "generating" | "slow" | "maybe-failed";

type Timed = Pick<PredictionView, "images" | "created_at" | "date_modification">;

/** When generation started: the app's own `created_at`, else the service's `date_modification` (read as UTC). */
export function startedAt(prediction: Timed): Date | null {
  if (prediction.created_at) {
    const created = new Date(prediction.created_at);
    if (!Number.isNaN(created.getTime())) return created;
  }
  return parseServiceDate(prediction.date_modification);
}

export function elapsedMs(prediction: Timed, now: number): number | null {
  const start = startedAt(prediction);
  return start ? Math.max(0, now - start.getTime()) : null;
}

export function predictionPhase(prediction: Timed, now: number): PredictionPhase {
  if (prediction.images.length > 0) return "done";
  const elapsed = elapsedMs(prediction, now);
  // Without a readable start time the app cannot judge; it keeps polling slowly.
  if (elapsed === null) return "slow";
  if (elapsed >= GIVE_UP_AFTER_MS) return "maybe-failed";
  if (elapsed >= SLOW_AFTER_MS) return "slow";
  return "generating";
}

/** How often to ask again for this prediction, or false to stop. */
export function pollInterval(prediction: Timed, now: number): number | false {
  switch (predictionPhase(prediction, now)) {
    case "generating":
      return FAST_POLL_MS;
    case "slow":
      return SLOW_POLL_MS;
    default:
      return false;
  }
}

/**
 * How long the server may share one answer of the service about this prediction among everyone
 * polling it. `fastestMs` is the shortest generation time of the account's recent predictions
 * (null when none finished yet): until DUE_SHARE of it has passed the shot is not expected, so
 * the answer is kept until then (at most SHARED_ANSWER_EARLY_MS); from then on SHARED_ANSWER_MS.
 * A shot that comes sooner than any before is shown at most SHARED_ANSWER_EARLY_MS late.
 */
export function sharedAnswerMs(
  prediction: Pick<Timed, "images" | "created_at">,
  now: number,
  fastestMs: number | null,
): number {
  if (prediction.images.length > 0) return SHARED_ANSWER_DONE_MS;
  // Only the app's own creation time: the service's dates carry no zone, so a wrong guess there
  // could keep a finished shot hidden.
  const created = prediction.created_at ? Date.parse(prediction.created_at) : Number.NaN;
  if (Number.isNaN(created) || fastestMs === null) return SHARED_ANSWER_MS;
  const elapsed = Math.max(0, now - created);
  const untilDue = fastestMs * DUE_SHARE - elapsed;
  return Math.min(SHARED_ANSWER_EARLY_MS, Math.max(SHARED_ANSWER_MS, untilDue));
}

/** The shortest interval any prediction of a list still needs, or false when none does. */
export function listPollInterval(predictions: readonly Timed[] | undefined, now: number): number | false {
  let best: number | false = false;
  for (const p of predictions ?? []) {
    const interval = pollInterval(p, now);
    if (interval !== false && (best === false || interval < best)) best = interval;
  }
  return best;
}

/** The words shown on a prediction without images. */
export function phaseLabel(prediction: Timed, now: number): string {
  const phase = predictionPhase(prediction, now);
  const elapsed = elapsedMs(prediction, now);
  const time = elapsed === null ? "" : formatElapsed(elapsed);
  switch (phase) {
    case "done":
      return prediction.images.length === 1 ? "Ready" : `${prediction.images.length} images ready`;
    case "generating":
      return time ? `Generating… ${time}` : "Generating…";
    case "slow":
      return time ? `Taking longer than usual · ${time}` : "Taking longer than usual";
    case "maybe-failed":
      return "This may have failed";
  }
}
