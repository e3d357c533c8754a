// The LoRA training as the app can estimate it. The service reports only `lora_enabled` (0 or 1):
// no stage, no percentage, no failure. So the five stages the interface names are placed on its
// typical 10–30 minutes, and the view says plainly that they are an estimate.

const MIN = 60_000;

export const LORA_TIMING = {
  /** The interface's typical training time (section 8). */
  typicalMinMs: 10 * MIN,
  typicalMaxMs: 30 * MIN,
  /** The stages are spread over the middle of the typical range. */
  expectedMs: 20 * MIN,
  /** Past this, the view says it takes longer than usual and polls slowly. */
  slowAfterMs: 45 * MIN,
  /** Past this, the view calls it possibly stuck (the service shows no failure state). */
  stuckAfterMs: 2 * 60 * MIN,
  /**
   * Past this, nothing asks by itself any more (no page, no list, no server): the training is
   * shown as not finished, with a button to check again. Nothing polls forever.
   */
  giveUpAfterMs: 4 * 60 * MIN,
} as const;

export const LORA_STAGES = [
  { name: "Data preparation", until: 0.1 },
  { name: "Rendering of angles and lighting", until: 0.35 },
  { name: "Model training", until: 0.8 },
  { name: "Validation", until: 0.9 },
  { name: "Deployment", until: 1 },
] as const;

export type StageState = "done" | "current" | "upcoming";

export type TrainingPhase = "usual" | "late" | "slow" | "stuck";

export function elapsedSince(startedAt: string | null, now: number): number | null {
  if (!startedAt) return null;
  const start = Date.parse(startedAt);
  return Number.isNaN(start) ? null : Math.max(0, now - start);
}

/** Index of the stage the training is estimated to be in; the last one once past the estimate. */
export function estimatedStage(elapsedMs: number): number {
  const fraction = elapsedMs / LORA_TIMING.expectedMs;
  const index = LORA_STAGES.findIndex((stage) => fraction < stage.until);
  return index === -1 ? LORA_STAGES.length - 1 : index;
}

export function stageStates(elapsedMs: number | null, ready: boolean): StageState[] {
  const current = ready ? LORA_STAGES.length : estimatedStage(elapsedMs ?? 0);
  return LORA_STAGES.map((_, i) => (i < current ? "done" : i === current ? "current" : "upcoming"));
}

export function trainingPhase(elapsedMs: number): TrainingPhase {
  if (elapsedMs >= LORA_TIMING.stuckAfterMs) return "stuck";
  if (elapsedMs >= LORA_TIMING.slowAfterMs) return "slow";
  if (elapsedMs >= LORA_TIMING.typicalMaxMs) return "late";
  return "usual";
}

/** True once a training has run so long that nothing asks about it by itself any more. */
export function hasGivenUp(elapsedMs: number | null): boolean {
  return elapsedMs !== null && elapsedMs >= LORA_TIMING.giveUpAfterMs;
}

/**
 * How often to ask whether the LoRA is ready: from ~2 s up to 15 s, then slowly once overdue,
 * and null (stop asking) once past the give-up time.
 */
export function loraPollInterval(elapsedMs: number | null): number | null {
  if (elapsedMs === null) return 2_000;
  if (hasGivenUp(elapsedMs)) return null;
  const phase = trainingPhase(elapsedMs);
  if (phase === "stuck") return 60_000;
  if (phase === "slow") return 30_000;
  return Math.min(15_000, 2_000 + elapsedMs / 20);
}
