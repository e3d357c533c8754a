"use client";

import { formatElapsed } from "@/lib/format";
import {
  elapsedSince,
  LORA_STAGES,
  LORA_TIMING,
  stageStates,
  trainingPhase,
  type StageState,
} from "@/lib/lora/estimate";
import { LocalClockTime } from "@/components/ui/local-date-time";
import { useHydrated } from "@/hooks/use-hydrated";
import { useNow } from "@/hooks/use-now";

const MARK: Record<StageState, string> = {
  done: "border-emerald-600 bg-emerald-600 text-white",
  current: "border-amber-500 bg-amber-50 text-amber-700",
  upcoming: "border-zinc-300 bg-white text-zinc-400",
};
const STATE_WORDS: Record<StageState, string> = { done: "done", current: "in progress", upcoming: "to come" };

/** The five stages of the interface, estimated from the elapsed time; the service reports none of them. */
export function TrainingTimeline({ startedAt, ready }: { startedAt: string | null; ready: boolean }) {
  const start = startedAt ? Date.parse(startedAt) : null;
  // Until hydrated, the start stands for "now": the server's render and the browser's first one
  // must say the same elapsed time (a reloaded page otherwise fails to hydrate a second later).
  const ticking = useNow(1_000);
  const now = useHydrated() || start === null ? ticking : start;
  const elapsed = elapsedSince(startedAt, now);
  const states = stageStates(elapsed, ready);
  const phase = elapsed === null ? null : trainingPhase(elapsed);

  return (
    <section
      aria-labelledby="training-heading"
      className="space-y-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="training-heading" className="text-lg font-semibold">
          {ready ? "LoRA ready" : "Training the LoRA"}
        </h2>
        {!ready && (
          <p className="text-sm text-zinc-600">
            The stages below are an <strong>estimate</strong>: the service only reports whether the LoRA is ready, not
            which stage it is in. Training usually takes 10–30 minutes. You can leave this page; it picks up where it
            was when you come back.
          </p>
        )}
      </div>

      {!ready && (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-zinc-500">Elapsed</dt>
            {/* Ticks every second: the server's second and the browser's first render may differ. */}
            <dd className="font-medium tabular-nums" suppressHydrationWarning>
              {elapsed === null ? "Unknown (started outside this app)" : formatElapsed(elapsed)}
            </dd>
          </div>
          {start !== null && (
            <div>
              <dt className="text-zinc-500">Expected</dt>
              <dd className="font-medium">
                Usually ready between <LocalClockTime value={start + LORA_TIMING.typicalMinMs} /> and{" "}
                <LocalClockTime value={start + LORA_TIMING.typicalMaxMs} />
                {phase !== "usual" && <span className="font-normal text-zinc-600"> (that time has passed)</span>}
              </dd>
            </div>
          )}
        </dl>
      )}

      {!ready && phase && phase !== "usual" && <PhaseNotice phase={phase} />}

      <ol className="space-y-3" aria-label="Training stages (estimated)">
        {LORA_STAGES.map((stage, i) => (
          <li
            key={stage.name}
            aria-current={states[i] === "current" ? "step" : undefined}
            className="flex items-center gap-3"
          >
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold ${MARK[states[i]]}`}
            >
              {states[i] === "done" ? "✓" : i + 1}
            </span>
            <span className={states[i] === "upcoming" ? "text-zinc-500" : "font-medium text-zinc-900"}>
              {stage.name}
              <span className="sr-only"> — {STATE_WORDS[states[i]]}</span>
              {states[i] === "current" && (
                <span aria-hidden="true" className="ml-2 text-xs font-normal text-amber-700">
                  estimated now
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function PhaseNotice({ phase }: { phase: "late" | "slow" | "stuck" }) {
  if (phase === "late") {
    return (
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        It is past the usual 30 minutes; it should be ready soon.
      </p>
    );
  }
  if (phase === "slow") {
    return (
      <p className="rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900">
        This is taking longer than usual (usually 10–30 minutes). The app keeps checking every 30 seconds.
      </p>
    );
  }
  return (
    <div role="alert" className="space-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-medium">The training may be stuck: it has run for over 2 hours.</p>
      <p>
        The service reports no failures, so the app cannot tell for sure. Press “Generate LoRA” again: if it is still
        running the service says so and nothing is lost. If nothing changes, contact the service administrator with this
        product’s id.
      </p>
    </div>
  );
}
