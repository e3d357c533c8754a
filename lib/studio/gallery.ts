import "server-only";
import { reviewStateByPredictionIds, type PredictionReviewState } from "@/lib/db/reviews";
import { DEFAULT_PAGE_SIZE, type GalleryQuery, type ReviewFilter } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import { filterEntries, pageOf, type GalleryPage, type IndexedPrediction } from "./gallery-page";
import { predictionIndex } from "./prediction-index";
import { listPredictionViews } from "./predictions";

// The gallery's use cases over the shared prediction index: one filtered page, and the
// predictions behind a selection (for the ZIP download).

export async function listPredictionPage(query: GalleryQuery): Promise<GalleryPage> {
  const index = await predictionIndex(listPredictionViews);
  let ordered = filterEntries(index.entries, query);
  if (query.review) ordered = await keepReviewState(ordered, query.review);
  return pageOf(ordered, { sort: query.sort, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor });
}

// Review states live in the registry and change with every click, so they are read per request
// (one query over the ids left after the other filters) rather than kept in the index.
async function keepReviewState(ordered: IndexedPrediction[], review: ReviewFilter): Promise<IndexedPrediction[]> {
  const states = await reviewStateByPredictionIds(ordered.map((e) => e.view.id));
  const keep = (state: PredictionReviewState | undefined): boolean => {
    switch (review) {
      case "unreviewed":
        return !state || state.count === 0;
      case "approved":
        return state?.status === "approved";
      case "rejected":
        return state?.status === "rejected";
      case "starred":
        return state?.starred === true;
    }
  };
  return ordered.filter((e) => keep(states.get(e.view.id)));
}

/**
 * The predictions of the account among `ids`, keyed by id. One fresh load when some are not in
 * the index yet (made moments ago elsewhere); ids still unknown are simply absent.
 */
export async function predictionViewsByIds(ids: readonly string[]): Promise<Map<string, PredictionView>> {
  let index = await predictionIndex(listPredictionViews);
  if (ids.some((id) => !index.byId.has(id))) index = await predictionIndex(listPredictionViews, { fresh: true });
  const out = new Map<string, PredictionView>();
  for (const id of ids) {
    const entry = index.byId.get(id);
    if (entry) out.set(id, entry.view);
  }
  return out;
}
