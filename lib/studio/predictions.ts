import "server-only";
import { getProductRecord } from "@/lib/db/products";
import { getPredictionRecord, type PredictionRecord } from "@/lib/db/predictions";
import { sharedAnswerMs } from "@/lib/predictions/state";
import { getPrediction } from "@/lib/service";
import { isAspectRatio, type Prediction, type PredictionView } from "@/lib/types";
import { fastestGenerationMs } from "./generation-times";
import { patchPredictionIndex } from "./prediction-index";

// The app's prediction use cases. The service's list items lack aspect_ratio (rule 2): the app
// records the ratio of every prediction it creates and fills it in from the registry.

function toView(
  p: Prediction,
  record: PredictionRecord | null | undefined,
  productName: string | null,
): PredictionView {
  return {
    ...p,
    aspect_ratio: p.aspect_ratio ?? (isAspectRatio(record?.aspectRatio) ? record.aspectRatio : null),
    product_name: productName,
    created_at: record?.createdAt ?? null,
    ...(record?.batchId ? { batch_id: record.batchId } : {}),
  };
}

/** One prediction joined with the registry; what it shows updates the gallery's index too. */
async function indexedView(prediction: Prediction, known?: PredictionRecord | null): Promise<PredictionView> {
  const [record, product] = await Promise.all([
    known === undefined ? getPredictionRecord(prediction.id) : known,
    getProductRecord(prediction.product_id),
  ]);
  const view = toView(prediction, record, product?.name ?? null);
  // A poll that sees the images arrive (or learns the ratio), or a new prediction, patches it.
  await patchPredictionIndex(view);
  return view;
}

/**
 * One prediction as polled by pages (and the watcher): one answer of the service is shared among
 * everyone polling it for as long as lib/predictions/state.ts sharedAnswerMs allows. The
 * watcher's checks are `fresh`: they ask the service now (and share that answer with pages), as a
 * kept answer would hold a finished shot back from every open page.
 */
export async function getPredictionView(id: string, { fresh = false } = {}): Promise<PredictionView> {
  const [record, fastestMs] = await Promise.all([getPredictionRecord(id), fastestGenerationMs()]);
  const keepFor = (p: Prediction) =>
    sharedAnswerMs({ images: p.images, created_at: record?.createdAt ?? null }, Date.now(), fastestMs);
  return indexedView(await getPrediction(id, keepFor, fresh), record);
}
