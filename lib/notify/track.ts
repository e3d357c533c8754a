import "server-only";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { PredictionView, SessionUser } from "@/lib/types";
import { watchPrediction, watchTraining } from "./watch-items";

// Where the app's use cases hand work to the watcher (kept free of lib/studio imports, which
// call it). None of these may fail the action that
// called them: the training or the prediction has already been started and paid for.

export async function trackTraining(productId: string, user: SessionUser): Promise<void> {
  await watchTraining(await getDb(), { productId, userId: user.id }).catch((error: unknown) =>
    log.error({ err: error, product: productId }, "the watcher could not be told about a training"),
  );
}

export async function trackPrediction(view: PredictionView, user: SessionUser, batchId?: string): Promise<void> {
  await watchPrediction(await getDb(), {
    predictionId: view.id,
    productId: view.product_id,
    userId: user.id,
    batchId,
  }).catch((error: unknown) =>
    log.error({ err: error, prediction: view.id }, "the watcher could not be told about a prediction"),
  );
}
