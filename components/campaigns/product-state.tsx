"use client";

import { useNow } from "@/hooks/use-now";
import type { CampaignProductView } from "@/lib/api-types";
import { formatElapsed } from "@/lib/format";
import { PRODUCT_WORDS } from "./campaign-words";

const TONE = {
  checking: "text-zinc-700",
  training: "text-amber-900",
  ready: "text-emerald-800",
  skipped: "text-red-800",
} as const;

/** A product's part in the campaign: checking, training (for how long), ready, or skipped and why. */
export function ProductState({ product }: { product: CampaignProductView }) {
  return (
    <p className={`text-sm ${TONE[product.state]}`}>
      <span className="font-medium">{PRODUCT_WORDS[product.state]}</span>
      {product.state === "training" && product.training_started_at && (
        <TrainingFor since={product.training_started_at} />
      )}
      {product.state === "training" && <span className="text-zinc-600"> · its shots start when it is ready</span>}
      {product.reason && <span>: {product.reason}</span>}
    </p>
  );
}

/** " · for 3 min 10 s", ticking: only this text is drawn again each second. */
function TrainingFor({ since }: { since: string }) {
  const now = useNow(1_000);
  const started = Date.parse(since);
  if (Number.isNaN(started)) return null;
  return <> · for {formatElapsed(now - started)}</>;
}
