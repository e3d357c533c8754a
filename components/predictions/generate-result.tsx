"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { FIRST_PAGE, queryKeys } from "@/lib/query-keys";
import { useCampaign } from "@/hooks/use-campaigns";
import { usePredictions } from "@/hooks/use-predictions";
import type { BatchItem } from "@/lib/api-types";
import { BatchSummary } from "./batch-summary";
import { followedIds, progressWords } from "./generate-progress";

export type GenerateOutcome =
  | { kind: "one"; id: string; prompt: string }
  /** `campaignId`: the batch's own campaign, which follows its queued items until they are sent. */
  | { kind: "batch"; items: BatchItem[]; campaignId: string }
  /** The service asked to slow down: the server sends the shot by itself as soon as it allows. */
  | { kind: "queued"; campaignId: string; message: string };

/**
 * What Generate started, where focus lands once it is sent (the button is disabled while sending,
 * which would drop focus to the page). Counts the images as they arrive: the service may return
 * several for one ratio, and the person is told how many. A shot the server queued is followed
 * through its campaign until it is sent, then counted like the others.
 */
export function GenerateResult({
  productId,
  outcome,
  onDismiss,
}: {
  productId: string;
  outcome: GenerateOutcome;
  onDismiss: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  // The product page's own list (same query, no extra request) says when the images arrive.
  const list = usePredictions({ productId, limit: FIRST_PAGE.productShots }).data;
  useEffect(() => box.current?.focus(), [outcome]);

  const items = outcome.kind === "batch" ? outcome.items : [];
  const queued = outcome.kind === "queued" || items.some((i) => "queued" in i);
  // Polled only while a shot waits at the app; stops by itself once the campaign is done.
  const campaign = useCampaign(queued && outcome.kind !== "one" ? outcome.campaignId : null).data;
  const sent =
    outcome.kind === "one" ? [outcome.id] : items.flatMap((i) => ("prediction" in i ? [i.prediction.id] : []));
  const ids = followedIds(sent, campaign?.cells);
  const expected = outcome.kind === "batch" ? items.filter((i) => i.ok).length : 1;
  const notMade = (campaign?.cells ?? []).filter((c) => c.state === "failed" && !c.prediction_id);

  // A shot the engine sent is not in the product's list yet (nothing there polls for it): load it once.
  const unlisted = list ? ids.filter((id) => !list.some((p) => p.id === id)).join(",") : "";
  useEffect(() => {
    if (unlisted)
      void client.invalidateQueries({ queryKey: queryKeys.predictionList(productId, FIRST_PAGE.productShots) });
  }, [client, productId, unlisted]);

  return (
    <div
      ref={box}
      tabIndex={-1}
      role="group"
      aria-label="Generate result"
      className="space-y-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {outcome.kind === "batch" && <BatchSummary items={outcome.items} onDismiss={onDismiss} />}
      {expected > 0 && (
        <p role="status" className="text-brand-900 rounded-md bg-brand-50 px-3 py-2 text-sm">
          {outcome.kind === "one" ? `“${outcome.prompt}”: ` : ""}
          {progressWords(expected, ids, list)}
        </p>
      )}
      {notMade.length > 0 && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {notMade.length === 1 ? "A queued shot was not made" : `${notMade.length} queued shots were not made`}:{" "}
          {notMade[0].error ?? "the image service refused it."}
        </p>
      )}
    </div>
  );
}
