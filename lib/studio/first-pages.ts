import "server-only";
import { FIRST_PAGE, galleryKey, queryKeys } from "@/hooks/query-keys";
import { galleryFiltersFromSearch, parseGalleryQuery } from "@/lib/schemas/gallery-query";
import { listPredictionPage } from "./gallery";
import { getProductView } from "./products";
import { awaitingReviewCount, reviewQueue } from "./reviews";

// The first queries of the pages people open most, answered on the server under the browser's own
// query keys and with the same shapes as the API routes those hooks call (see components/prefetch).

export interface PrefetchQuery {
  key: readonly unknown[];
  load: () => Promise<unknown>;
}

/** GET /api/predictions?limit=&product_id= as usePredictions keeps it: the page's items. */
export function predictionListQuery(limit: number, productId?: string): PrefetchQuery {
  const params = new URLSearchParams({ limit: String(limit) });
  if (productId) params.set("product_id", productId);
  return {
    key: queryKeys.predictionList(productId, limit),
    load: async () => (await listPredictionPage(parseGalleryQuery(params))).items,
  };
}

export const recentShotsQuery = () => predictionListQuery(FIRST_PAGE.recentShots);

export function productQueries(productId: string): PrefetchQuery[] {
  return [
    { key: queryKeys.product(productId), load: () => getProductView(productId) },
    predictionListQuery(FIRST_PAGE.productShots, productId),
  ];
}

export function reviewQueueQueries(): PrefetchQuery[] {
  return [
    { key: queryKeys.reviewQueue, load: () => reviewQueue({ limit: FIRST_PAGE.reviewQueue }) },
    { key: queryKeys.reviewSummary, load: async () => ({ awaiting: await awaitingReviewCount() }) },
  ];
}

/** The gallery's first page of the view in the page's URL, as useGalleryPages keeps it. */
export function galleryFirstPageQuery(search: URLSearchParams): PrefetchQuery {
  const { filters } = galleryFiltersFromSearch(search.toString());
  const key = galleryKey(filters);
  return {
    key,
    load: async () => {
      const params = new URLSearchParams(key[1]);
      params.set("limit", String(FIRST_PAGE.gallery));
      return { pages: [await listPredictionPage(parseGalleryQuery(params))], pageParams: [""] };
    },
  };
}
