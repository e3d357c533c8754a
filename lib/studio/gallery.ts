import "server-only";
import { indexViewsByIds } from "@/lib/db/prediction-index";
import { indexPage } from "@/lib/db/prediction-index-page";
import { DEFAULT_PAGE_SIZE, type GalleryQuery } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import { decodeCursor, encodeCursor, type GalleryPage } from "./gallery-page";
import { ensurePredictionIndex } from "./prediction-index";
import { getPredictionView } from "./predictions";

// The gallery's use cases over the shared prediction index in the database: one filtered page,
// and the predictions behind a selection (for the ZIP download).

export async function listPredictionPage(query: GalleryQuery): Promise<GalleryPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  await ensurePredictionIndex();
  const page = await indexPage(query, { sort: query.sort, limit: query.limit ?? DEFAULT_PAGE_SIZE, after });
  return { items: page.items, next_cursor: page.last ? encodeCursor(page.last, query.sort) : null, total: page.total };
}

// A selection names at most a few hundred predictions; ids the index lacks (made moments ago
// elsewhere) are asked for one by one, a few at a time, and patch the index as they go.
const LOOKUPS_AT_ONCE = 4;

/** The predictions of the account among `ids`, keyed by id; ids the service does not know are absent. */
export async function predictionViewsByIds(ids: readonly string[]): Promise<Map<string, PredictionView>> {
  await ensurePredictionIndex();
  const out = await indexViewsByIds(ids);
  const missing = [...new Set(ids)].filter((id) => !out.has(id));
  for (let i = 0; i < missing.length; i += LOOKUPS_AT_ONCE) {
    const found = await Promise.all(missing.slice(i, i + LOOKUPS_AT_ONCE).map((id) => getPredictionView(id).catch(() => null)));
    for (const view of found) if (view) out.set(view.id, view);
  }
  return out;
}
