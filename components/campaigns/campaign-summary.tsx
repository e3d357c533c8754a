"use client";

import type { useCampaignEstimate } from "@/hooks/use-campaigns";
import { estimateWords, overMaxWords } from "./campaign-words";

type Estimate = ReturnType<typeof useCampaignEstimate>;

const n = (count: number) => count.toLocaleString("en-US");

/**
 * What the campaign will make, before it starts: the count from the choices at once (the one rule
 * of campaign-plan.ts), then the server's estimate of trainings and time once they rest. Over the
 * most a campaign may make, it says so and what to do.
 */
export function CampaignSummary({
  local,
  complete,
  estimate,
  overMax,
}: {
  local: number;
  complete: boolean;
  estimate: Estimate;
  overMax: boolean;
}) {
  const data = estimate.data;
  let words: string;
  let tone = "border-zinc-200 bg-zinc-50 text-zinc-900";
  if (!complete) {
    words = "Choose at least one product, one scene and one output to see how many shots this campaign makes.";
  } else if (overMax && data) {
    words = overMaxWords(local, data.max);
    tone = "border-red-200 bg-red-50 text-red-900";
  } else if (estimate.current && data) {
    words = estimateWords(data);
  } else if (estimate.isError && !estimate.isFetching) {
    words = `${n(local)} ${local === 1 ? "shot" : "shots"} · the time could not be worked out: ${estimate.error.message}`;
  } else {
    words = `${n(local)} ${local === 1 ? "shot" : "shots"} · working out how long it takes…`;
  }
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="What this campaign makes"
      className={`rounded-md border px-4 py-3 text-sm font-medium ${tone}`}
    >
      {words}
    </div>
  );
}
