"use client";

import { Button } from "@/components/ui/button";
import type { ApiError } from "@/hooks/api-fetch";
import type { StartLoraState } from "@/hooks/use-lora";
import { useHydrated } from "@/hooks/use-hydrated";
import { useNow } from "@/hooks/use-now";

/** The service's `result` in words a person reads; anything unforeseen is shown as it came. */
export function resultWords(result: string): { title: string; ready: boolean } {
  const r = result.toLowerCase();
  if (r.includes("already created")) return { title: "The LoRA is already created and ready.", ready: true };
  if (r.includes("already in progress")) return { title: "Training is already running.", ready: false };
  if (r.includes("in progress")) return { title: "Training started.", ready: false };
  return { title: result, ready: false };
}

function errorWords(error: ApiError): string {
  switch (error.status) {
    case 400:
      return `This product’s template does not support LoRA training, so no LoRA can be made for it; create the product again from another template. (The service said: “${error.message}”)`;
    case 404:
      return `The service does not know this product any more; it may have been deleted. (The service said: “${error.message}”)`;
    case 401:
      return "Your session has ended. Sign in again, then press “Generate LoRA”.";
    case 403:
      return `You may not start trainings: ${error.message}`;
    case 429:
      return "Still too many trainings started after several tries. Wait a few minutes, then press “Generate LoRA” again.";
    default:
      return error.message;
  }
}

interface StartLoraProps {
  state: StartLoraState;
  onStart(): void;
  onCancel(): void;
  /** Label of the button; "Generate LoRA" unless asking again. */
  label?: string;
}

/** The "Generate LoRA" button with the answer in words, and the 429 countdown that retries by itself. */
export function StartLora({ state, onStart, onCancel, label = "Generate LoRA" }: StartLoraProps) {
  const busy = state.kind === "starting" || state.kind === "waiting";
  // The server draws the button; until the page has hydrated a press would do nothing, so it waits.
  const hydrated = useHydrated();
  return (
    <div className="space-y-3">
      <Button type="button" onClick={onStart} disabled={busy || !hydrated}>
        {state.kind === "starting" ? "Starting…" : label}
      </Button>
      <div aria-live="polite" className="text-sm">
        {state.kind === "waiting" && <Countdown retryAt={state.retryAt} attempt={state.attempt} onCancel={onCancel} />}
        {state.kind === "started" && <p className="text-emerald-800">{resultWords(state.result).title}</p>}
      </div>
      {state.kind === "failed" && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorWords(state.error)}
        </p>
      )}
    </div>
  );
}

function Countdown({ retryAt, attempt, onCancel }: { retryAt: number; attempt: number; onCancel(): void }) {
  const now = useNow(1_000);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <div className="flex w-fit max-w-full flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
      <p>
        Too many trainings started. {/* Not announced every second; the sentence before it is. */}
        <span role="timer" aria-live="off">
          {seconds > 0 ? `Trying again in ${seconds} s…` : "Trying again…"}
        </span>
        {attempt > 1 && <span className="text-amber-800"> (try {attempt})</span>}
      </p>
      <Button type="button" variant="secondary" onClick={onCancel} className="py-1">
        Cancel
      </Button>
    </div>
  );
}
