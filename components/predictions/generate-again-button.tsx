"use client";

import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCreatePrediction } from "@/hooks/use-predictions";
import type { AspectRatio, PredictionView } from "@/lib/types";

/** Re-submits the same product, prompt and ratio of a prediction that may have failed. */
export function GenerateAgainButton({ prediction, ratio }: { prediction: PredictionView; ratio: AspectRatio }) {
  const toast = useToast();
  const create = useCreatePrediction();
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(
          { product_id: prediction.product_id, prompt: prediction.prompt, aspect_ratio: ratio },
          {
            onSuccess: () => toast.show("Generating again with the same prompt and aspect ratio.", "success"),
            onError: (error) => toast.show(`Generating again failed: ${error.message}`, "error"),
          },
        )
      }
    >
      {create.isPending ? "Starting…" : "Generate again"}
    </Button>
  );
}
