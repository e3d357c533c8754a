// LoRA training progress, computed from the stored start time and duration so it survives restarts.
import type { LoraRecord } from "./store";

export const LORA_STAGES = [
  "data preparation",
  "rendering of multiple angles and lighting conditions",
  "model training",
  "validation",
  "deployment",
] as const;

export interface LoraProgress {
  /** -1 = never started, 0..4 = a stage of LORA_STAGES, 5 = completed. */
  stageIndex: number;
  stage: string;
  enabled: boolean;
  startedAt: number | null;
  finishesAt: number | null;
  stalled: boolean;
}

export function loraProgress(lora: LoraRecord | null, now: number): LoraProgress {
  if (!lora)
    return { stageIndex: -1, stage: "not started", enabled: false, startedAt: null, finishesAt: null, stalled: false };
  const elapsed = Math.max(0, now - lora.startedAt);
  const stageMs = lora.durationMs / LORA_STAGES.length;
  let stageIndex = stageMs <= 0 ? LORA_STAGES.length : Math.floor(elapsed / stageMs);
  // A stalled training never leaves its last stage.
  if (lora.stalled) stageIndex = Math.min(stageIndex, LORA_STAGES.length - 1);
  const enabled = stageIndex >= LORA_STAGES.length;
  return {
    stageIndex: Math.min(stageIndex, LORA_STAGES.length),
    stage: enabled ? "completed" : LORA_STAGES[stageIndex],
    enabled,
    startedAt: lora.startedAt,
    finishesAt: lora.stalled ? null : lora.startedAt + lora.durationMs,
    stalled: lora.stalled,
  };
}

/** Logs each stage as a training reaches it; only for the log, state never depends on these timers. */
export class LoraStageLogger {
  private timers = new Set<NodeJS.Timeout>();

  constructor(private readonly log: (line: string) => void) {}

  /** Logs the current stage now and every later stage when it is reached. */
  watch(productId: string, lora: LoraRecord, now: number): void {
    const current = loraProgress(lora, now);
    if (current.enabled) return;
    const stageMs = lora.durationMs / LORA_STAGES.length;
    const say = (index: number) =>
      this.log(
        index < LORA_STAGES.length
          ? `lora ${productId}: stage ${index + 1}/${LORA_STAGES.length}: ${LORA_STAGES[index]}`
          : `lora ${productId}: completed, lora_enabled = 1`,
      );
    say(current.stageIndex);
    const last = lora.stalled ? LORA_STAGES.length - 1 : LORA_STAGES.length;
    for (let index = current.stageIndex + 1; index <= last; index++) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          say(index);
        },
        Math.max(0, lora.startedAt + index * stageMs - now),
      );
      this.timers.add(timer);
    }
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
