import "server-only";
import { AppError } from "@/lib/errors";
import { parseGalleryQuery } from "@/lib/schemas/gallery-query";
import { MAX_SHARED_ITEMS, TOO_MANY_SHOTS } from "@/lib/schemas/share";
import { parseServiceDate } from "@/lib/format";
import type { PredictionView } from "@/lib/types";
import { listPredictionPage, predictionViewsByIds } from "./gallery";

// What a link is made of: the finished shots of a gallery view at the moment it is shared, or
// shots picked by id. Only finished shots (with images) are worth sending to someone outside.

const isFinished = (p: PredictionView) => p.images.length > 0;

/** When a shot was made: the app's own time where it made it, else the service's date. */
const madeAt = (p: PredictionView) =>
  p.created_at ? Date.parse(p.created_at) : (parseServiceDate(p.date_modification)?.getTime() ?? 0);

// A view is read up to this many shots: more than a link may hold, so "too many" is still told.
const VIEW_READ_LIMIT = 5_000;

/** The finished shots a gallery view shows now, in its order; `before` keeps those made up to then. */
export async function finishedShotsOfView(filter: Record<string, string>, before?: Date): Promise<PredictionView[]> {
  const query = parseGalleryQuery(new URLSearchParams(filter));
  const page = await listPredictionPage({ ...query, cursor: undefined, limit: VIEW_READ_LIMIT });
  const cutoff = before?.getTime();
  return page.items.filter((p) => isFinished(p) && (cutoff === undefined || madeAt(p) <= cutoff));
}

/** The ids a new link holds: 400 when there are none, more than MAX_SHARED_ITEMS, or unknown ones. */
export async function predictionIdsToShare(input: {
  filter: Record<string, string>;
  prediction_ids?: string[];
}): Promise<string[]> {
  let ids: string[];
  if (input.prediction_ids) {
    const unique = [...new Set(input.prediction_ids)];
    const known = await predictionViewsByIds(unique);
    const missing = unique.filter((id) => !known.get(id) || !isFinished(known.get(id)!));
    if (missing.length > 0) {
      throw new AppError(
        "bad_request",
        `${missing.length} of the picked shots are unknown or not finished yet; pick finished shots only.`,
      );
    }
    ids = unique;
  } else {
    ids = (await finishedShotsOfView(input.filter)).map((p) => p.id);
  }
  if (ids.length === 0) throw new AppError("bad_request", "This view has no finished shots to share yet.");
  if (ids.length > MAX_SHARED_ITEMS) throw new AppError("bad_request", TOO_MANY_SHOTS(ids.length));
  return ids;
}
