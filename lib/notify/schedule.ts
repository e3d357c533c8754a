import { loraPollInterval } from "@/lib/lora/estimate";
import { GIVE_UP_AFTER_MS, pollInterval } from "@/lib/predictions/state";

// When the watcher asks the service again. Each item's wish comes from the same rules the pages
// use (lib/lora/estimate.ts, lib/predictions/state.ts); a budget of calls per minute then
// stretches every wish alike when many are under way, so 100 trainings cost at most the budget.

/** What a watch row waits for: a product's LoRA (its training), or a prediction's images. */
export type WatchKind = "lora" | "prediction";

/** The interval the pages would poll at, or null once the item should no longer be watched. */
export function wishedInterval(kind: WatchKind, elapsedMs: number): number | null {
  // A training is watched until the pages give up on it too: the estimate's interval is null then.
  if (kind === "lora") return loraPollInterval(elapsedMs);
  if (elapsedMs >= GIVE_UP_AFTER_MS) return null;
  const interval = pollInterval(
    { images: [], created_at: new Date(Date.now() - elapsedMs).toISOString(), date_modification: "" },
    Date.now(),
  );
  return interval === false ? null : interval;
}

/**
 * Stretches the wished intervals so that their calls per minute stay within `callsPerMinute`:
 * the factor is the wished rate over the budget (never below 1).
 */
export function stretchFactor(wishedIntervalsMs: readonly number[], callsPerMinute: number): number {
  const wishedPerMinute = wishedIntervalsMs.reduce((sum, ms) => sum + 60_000 / ms, 0);
  return Math.max(1, wishedPerMinute / callsPerMinute);
}
