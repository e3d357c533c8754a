import "server-only";
import { getProductRecord } from "@/lib/db/products";
import { getPredictionRecord, recordPrediction, type PredictionRecord } from "@/lib/db/predictions";
import type { CreatePredictionInput } from "@/lib/schemas/prediction";
import { createPrediction, getPrediction } from "@/lib/service";
import { ASPECT_RATIOS, type AspectRatio, type Prediction, type PredictionView, type SessionUser } from "@/lib/types";
import { patchPredictionIndex } from "./prediction-index";

// The app's prediction use cases. The service's list items lack aspect_ratio (rule 2): the app
// records the ratio of every prediction it creates and fills it in from the registry.

function ratioOf(value: string | undefined): AspectRatio | null {
  return value && (ASPECT_RATIOS as readonly string[]).includes(value) ? (value as AspectRatio) : null;
}

function toView(p: Prediction, record: PredictionRecord | null | undefined, productName: string | null): PredictionView {
  return {
    ...p,
    aspect_ratio: p.aspect_ratio ?? ratioOf(record?.aspectRatio),
    product_name: productName,
    created_at: record?.createdAt ?? null,
  };
}

export async function getPredictionView(id: string): Promise<PredictionView> {
  const prediction = await getPrediction(id);
  const [record, product] = await Promise.all([
    getPredictionRecord(prediction.id),
    getProductRecord(prediction.product_id),
  ]);
  const view = toView(prediction, record, product?.name ?? null);
  // A poll that sees the images arrive (or learns the ratio) updates the gallery's index at once.
  await patchPredictionIndex(view);
  return view;
}

/** Sent once: a prediction costs the customer, so it is never retried behind their back. */
export async function createPredictionFor(input: CreatePredictionInput, user: SessionUser): Promise<PredictionView> {
  const prediction = await createPrediction(input);
  await recordPrediction({
    id: prediction.id,
    productId: prediction.product_id,
    prompt: input.prompt,
    aspectRatio: input.aspect_ratio,
    createdBy: user.id,
  });
  const [record, product] = await Promise.all([
    getPredictionRecord(prediction.id),
    getProductRecord(prediction.product_id),
  ]);
  const view = toView(prediction, record, product?.name ?? null);
  await patchPredictionIndex(view);
  return view;
}
