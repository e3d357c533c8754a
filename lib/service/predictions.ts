import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import { SHARED_ANSWER_MS } from "@/lib/predictions/state";
import type { CreatePredictionInput } from "@/lib/schemas/prediction";
import { ASPECT_RATIO_MESSAGE, isAspectRatio, type Prediction } from "@/lib/types";
import { markMayHaveHappened, postFailureOf, servicePost } from "./http";
import { assertSafeId, servicePath } from "./ids";
import { readOne, type KeepFor } from "./read";
import { copyPrediction, parseAnswer, reshapePrediction } from "./reshape";
import { rawPrediction, type RawPrediction } from "./schemas";

// The prediction operations: POST /prediction/ and GET /prediction/{id} (the list, GET
// /prediction/, is read as a stream: prediction-list-stream.ts).

// However many browsers poll one prediction, the service sees one call per this time (unless the
// caller says how long this answer may be shared: lib/predictions/state.ts sharedAnswerMs).
const POLL_TTL_MS = SHARED_ANSWER_MS;

export async function createPrediction(input: CreatePredictionInput): Promise<Prediction> {
  const productId = assertSafeId(input.product_id, "product id");
  if (!isAspectRatio(input.aspect_ratio)) {
    throw new AppError("bad_request", ASPECT_RATIO_MESSAGE);
  }
  const json = await servicePost(servicePath`/prediction/`, {
    form: { product_id: productId, prompt: input.prompt, aspect_ratio: input.aspect_ratio },
    mayHaveHappened: "The prediction may still have been created; check the list before trying again.",
  });
  // Nothing kept needs forgetting: the list is read as a stream (never kept), and the kept answers
  // of other predictions stay true.
  let raw: RawPrediction;
  try {
    raw = parseAnswer(rawPrediction, json, "the new prediction");
  } catch (error) {
    // A 2xx without a readable id: the prediction was made, but which one is not known.
    throw isAppError(error) ? markMayHaveHappened(error, 200) : error;
  }
  const prediction = reshapePrediction(raw, { product_id: productId });
  // The create response carries the ratio; if it did not, the app knows what it asked for.
  return { ...prediction, aspect_ratio: prediction.aspect_ratio ?? input.aspect_ratio };
}

/**
 * One create, its outcome told apart the way the shot engine needs it: made (with the new
 * prediction), certainly not made (refused or never sent; `status` is the service's when it
 * answered), or perhaps made (no answer, a 5xx, an unreadable 2xx): never simply sent again.
 */
export type CreateOutcome =
  | { kind: "created"; prediction: Prediction }
  | { kind: "refused"; error: AppError; status: number | null }
  | { kind: "unknown"; error: AppError };

export async function tryCreatePrediction(input: CreatePredictionInput): Promise<CreateOutcome> {
  try {
    return { kind: "created", prediction: await createPrediction(input) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const failure = postFailureOf(error);
    if (failure.mayHaveHappened) return { kind: "unknown", error };
    return { kind: "refused", error, status: failure.status ?? null };
  }
}

// reshapePrediction takes what the app knows besides the answer: nothing, for a read.
const read = { schema: rawPrediction, reshape: (raw: RawPrediction) => reshapePrediction(raw), ttlMs: POLL_TTL_MS };

/** `fresh`: asked of the service now, whatever answer is kept (the watcher's checks). */
export async function getPrediction(id: string, keepFor?: KeepFor<Prediction>, fresh = false): Promise<Prediction> {
  return readOne("prediction", id, { ...read, copy: copyPrediction }, keepFor, fresh);
}
