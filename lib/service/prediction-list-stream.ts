import "server-only";
import { isAppError } from "@/lib/errors";
import type { Prediction } from "@/lib/types";
import { timeCall } from "./call-metrics";
import { serviceConfig } from "./config";
import { servicePath } from "./ids";
import { jsonListBatches, NotAList } from "./json-array-stream";
import { reshapePrediction } from "./reshape";
import { rawPrediction } from "./schemas";
import { errorFromResponse, isTimeout, timedOut, unreachable, unreadableAnswer } from "./service-errors";

// GET /prediction/ read as a stream: the service's unpaged list of every prediction of the
// account (25 MB at 100,000) is parsed as it arrives and handed on in batches, so the app never
// holds the whole list. Not retried here: the index's reconcile simply runs again later.

// A batch is what the index checks and writes between two turns of the event loop (about 50 ms of
// work with the embedded database): small enough that pages are not held up while it is read.
const BATCH = 100;
// The whole list may take long to send; the usual per-request timeout is for small answers.
const LIST_TIMEOUT_MS = 5 * 60_000;
const WRAPPERS = ["items", "data", "results", "predictions"] as const;

/** Calls `onBatch` with each batch of the list's predictions in turn; answers how many there were. */
export async function streamPredictionList(onBatch: (batch: Prediction[]) => Promise<void>): Promise<number> {
  const { token } = serviceConfig();
  let response: Response;
  const url = servicePath`/prediction/`;
  const call = timeCall("GET", url);
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
  } catch (error) {
    call.failed(error);
    throw isTimeout(error) ? timedOut(LIST_TIMEOUT_MS / 1000, null) : unreachable();
  }
  // Counted when the list starts to arrive: its duration is the wait for the first byte.
  call.answered(response.status);
  if (response.status < 200 || response.status > 299 || !response.body) {
    throw errorFromResponse(response.status, response.headers.get("retry-after"), await response.text(), token);
  }
  let count = 0;
  try {
    // Node's fetch body is async-iterable at run time; the DOM typing of ReadableStream lacks it.
    const body = response.body as unknown as AsyncIterable<Uint8Array>;
    for await (const raw of jsonListBatches(body, { batchSize: BATCH, wrappers: WRAPPERS })) {
      const batch: Prediction[] = [];
      // Items that fail their schema are dropped rather than failing the whole list.
      for (const item of raw) {
        const parsed = rawPrediction.safeParse(item);
        if (parsed.success) batch.push(reshapePrediction(parsed.data));
      }
      count += batch.length;
      if (batch.length > 0) await onBatch(batch);
    }
  } catch (error) {
    if (error instanceof NotAList) throw unreadableAnswer(response.status);
    if (isAppError(error)) throw error;
    if (isTimeout(error)) throw timedOut(LIST_TIMEOUT_MS / 1000, null);
    throw error;
  }
  return count;
}
