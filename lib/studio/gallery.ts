import "server-only";
import { isAppError } from "@/lib/errors";
import { indexViewsByIds } from "@/lib/db/prediction-index";
import { indexPage } from "@/lib/db/prediction-index-page";
import { reviewStateByPredictionIds } from "@/lib/db/reviews";
import { pollInterval } from "@/lib/predictions/state";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas/gallery-params";
import type { GalleryQuery } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import { galleryCursor, readGalleryCursor, type GalleryPage } from "./gallery-page";
import { ensurePredictionIndex } from "./prediction-index";
import { getPredictionView } from "./predictions";

// The gallery's use cases over the shared prediction index in the database: one filtered page,
// and the predictions behind a selection (for the ZIP download).

export async function listPredictionPage(query: GalleryQuery): Promise<GalleryPage> {
  const after = query.cursor ? readGalleryCursor(query.cursor, query.sort) : null;
  await ensurePredictionIndex();
  const page = await indexPage(query, { sort: query.sort, limit: query.limit ?? DEFAULT_PAGE_SIZE, after });
  return {
    items: await withLiveProgress(page.items),
    next_cursor: page.last ? galleryCursor(page.last, query.sort) : null,
    total: page.total,
    ...(page.images === undefined ? {} : { images: page.images }),
  };
}

/** One gallery page as the grid shows it: each shot with its review state (approved, starred). */
export async function listGalleryPage(query: GalleryQuery): Promise<GalleryPage> {
  const page = await listPredictionPage(query);
  const reviews = await reviewStateByPredictionIds(page.items.map((p) => p.id));
  const items = page.items.map((p) => {
    const review = reviews.get(p.id);
    return review
      ? {
          ...p,
          review: {
            status: review.status,
            starred: review.starred,
            approved: review.approved,
            rejected: review.rejected,
          },
        }
      : p;
  });
  return { ...page, items };
}

// Lists that poll (a product's shots, the dashboard) learn that a shot finished from its row; the
// service's list is read only every so often, so the few still generating on a page are asked
// about one by one (shared answers: one service call per prediction however many people look).
const LIVE_AT_MOST = 8;

async function withLiveProgress(items: PredictionView[]): Promise<PredictionView[]> {
  const now = Date.now();
  const live = items.filter((p) => p.images.length === 0 && pollInterval(p, now) !== false).slice(0, LIVE_AT_MOST);
  if (live.length === 0) return items;
  const fresh = new Map<string, PredictionView>();
  await Promise.all(
    live.map((p) =>
      getPredictionView(p.id).then(
        (view) => fresh.set(view.id, view),
        // The row stays as it was; the next poll asks again.
        () => undefined,
      ),
    ),
  );
  return items.map((p) => fresh.get(p.id) ?? p);
}

// A selection names at most a few hundred predictions; ids the index lacks (made moments ago
// elsewhere) are asked for one by one, a few at a time, and patch the index as they go.
const LOOKUPS_AT_ONCE = 4;

function unlessNotFound(error: unknown): null {
  if (isAppError(error) && error.code === "not_found") return null;
  throw error;
}

/** The predictions of the account among `ids`, keyed by id; ids the service does not know are absent. */
export async function predictionViewsByIds(ids: readonly string[]): Promise<Map<string, PredictionView>> {
  await ensurePredictionIndex();
  const out = await indexViewsByIds(ids);
  const missing = [...new Set(ids)].filter((id) => !out.has(id));
  for (let i = 0; i < missing.length; i += LOOKUPS_AT_ONCE) {
    const found = await Promise.all(
      missing.slice(i, i + LOOKUPS_AT_ONCE).map((id) => getPredictionView(id).catch(unlessNotFound)),
    );
    for (const view of found) if (view) out.set(view.id, view);
  }
  return out;
}
