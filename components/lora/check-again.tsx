"use client";

import { Button } from "@/components/ui/button";
import { LORA_TIMING } from "@/lib/lora/estimate";

const HOURS = LORA_TIMING.giveUpAfterMs / 3_600_000;

/** A training past the give-up time: the app stopped asking by itself, so the person asks. */
export function CheckAgain({ onCheck, checking }: { onCheck(): void; checking: boolean }) {
  return (
    <section
      aria-labelledby="lora-not-finished"
      className="space-y-3 rounded-xl border border-orange-200 bg-orange-50 p-4 text-sm text-orange-950 sm:p-6"
    >
      <h2 id="lora-not-finished" className="text-lg font-semibold">
        Training not finished — check again
      </h2>
      <p className="max-w-prose">
        The training has run for over {HOURS} hours, so the app has stopped checking on it by itself. Check again now;
        if it is still not ready, press “Generate LoRA” to ask the service, or contact the service administrator with
        this product’s id.
      </p>
      <Button type="button" variant="secondary" onClick={onCheck} disabled={checking}>
        {checking ? "Checking…" : "Check again"}
      </Button>
    </section>
  );
}
