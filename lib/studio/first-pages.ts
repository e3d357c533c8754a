import { FIRST_PAGE, galleryKey, queryKeys } from "@/lib/query-keys";
import { gallerySearchParams, type GalleryView } from "@/lib/schemas/gallery-params";
import { reviewQueuePath } from "@/lib/schemas/review-params";

// The first queries of the pages people open most: the browser's own query keys, each with the API
// route its hook calls and how the hook keeps the answer (see components/prefetch). Asked through
// the API itself, so the page shows exactly what the browser's own call would.

export interface PrefetchQuery {
  key: readonly unknown[];
  /** The app's API path the hook calls. */
  path: string;
  /** The answer as the hook keeps it in its cache. */
  keep?: (body: unknown) => unknown;
}

const items = (body: unknown) => (body as { items: unknown[] }).items;

/** GET /api/predictions?limit=&product_id= as usePredictions keeps it: the page's items. */
export function predictionListQuery(limit: number, productId?: string): PrefetchQuery {
  const params = new URLSearchParams({ limit: String(limit) });
  if (productId) params.set("product_id", productId);
  return { key: queryKeys.predictionList(productId, limit), path: `/api/predictions?${params}`, keep: items };
}

export const recentShotsQuery = () => predictionListQuery(FIRST_PAGE.recentShots);

export function productQueries(productId: string): PrefetchQuery[] {
  return [
    { key: queryKeys.product(productId), path: `/api/products/${encodeURIComponent(productId)}` },
    predictionListQuery(FIRST_PAGE.productShots, productId),
  ];
}

/** The review queue's first view: oldest first, of every product, of one campaign when the URL names it. */
export function reviewQueueQueries(campaignId?: string): PrefetchQuery[] {
  return [
    {
      key: queryKeys.reviewQueueOf("oldest", undefined, campaignId),
      path: reviewQueuePath(FIRST_PAGE.reviewQueue, "oldest", undefined, campaignId),
    },
    { key: queryKeys.reviewSummary, path: "/api/reviews/summary" },
  ];
}

/** The gallery's first page of the view in the page's URL, as useGalleryPages keeps it. */
export function galleryFirstPageQuery({ filters }: GalleryView): PrefetchQuery {
  const params = gallerySearchParams(filters);
  params.set("limit", String(FIRST_PAGE.gallery));
  return {
    key: galleryKey(filters),
    path: `/api/predictions?${params}`,
    keep: (page) => ({ pages: [page], pageParams: [""] }),
  };
}
