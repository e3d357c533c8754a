import { gallerySearchParams } from "@/lib/schemas/gallery-params";
import type { GalleryQuery } from "@/lib/schemas/gallery-query";

// Every react-query key of the app, in one place, so invalidation after a mutation is obvious.
export const queryKeys = {
  templates: (filter: "all" | "lora") => ["templates", filter] as const,
  products: ["products"] as const,
  product: (id: string) => ["product", id] as const,
  predictions: ["predictions"] as const,
  /** The newest `limit` predictions of the account ("all") or of one product. */
  predictionList: (productId: string | undefined, limit: number) => ["predictions", productId ?? "all", limit] as const,
  prediction: (id: string) => ["prediction", id] as const,
  /** Paged gallery views: ["gallery", "<filters as search params>"]. */
  gallery: ["gallery"] as const,
  reviews: (predictionId: string) => ["reviews", predictionId] as const,
  reviewQueue: ["review-queue"] as const,
  reviewQueueOf: (sort: string, productId: string | undefined, campaignId?: string) =>
    ["review-queue", sort, productId ?? "", campaignId ?? ""] as const,
  reviewSummary: ["review-summary"] as const,
  scenesThatWork: (templateId: string) => ["scenes-that-work", templateId] as const,
  /** Under reviewSummary, so every review action refreshes it with the dashboard's count. */
  reviewCounts: (campaignId: string | undefined) => ["review-summary", "products", campaignId ?? ""] as const,
  /** One campaign (or batch) with its products and every shot's state: GET /api/campaigns/{id}. */
  campaign: (id: string) => ["campaign", id] as const,
  sharePreview: (filter: string) => ["share-preview", filter] as const,
  /** Activity pages: ["audit", "<filters as search params>"]. */
  audit: (filter: string) => ["audit", filter] as const,
  promptHistory: (templateId: string) => ["prompt-history", templateId] as const,
  promptPresets: (templateId: string) => ["prompt-presets", templateId] as const,
  notifications: ["notifications"] as const,
  /** The advisor's findings on one chosen file (by a per-file id), and those kept with a product. */
  textureCheck: (fileId: number) => ["texture-check", fileId] as const,
  textureAdvice: (productId: string) => ["texture-advice", productId] as const,
  /** The campaign list's pages. */
  campaigns: ["campaigns"] as const,
  /** The list's pages after the one the server drew (`after` is its cursor). */
  olderCampaigns: (after: string | null) => ["campaigns", "older", after ?? ""] as const,
  /** What a campaign would make, for the form's summary: keyed by the body asked about. */
  campaignEstimate: (body: string) => ["campaign-estimate", body] as const,
  /** Every product id a Products page filter matches ("Select all matching this filter"). */
  productIds: (filter: string) => ["products", "ids", filter] as const,
};

// The first page each view asks for: shared by its hook (in the browser) and the page's server-side
// prefetch, whose answer must land under the very same key.
export const FIRST_PAGE = {
  recentShots: 8,
  productShots: 60,
  reviewQueue: 50,
  /** A gallery page: a few screens of tiles, so the next page is asked for well before the end. */
  gallery: 120,
} as const;

/** The gallery's key of one view: the filters only (cursor and limit belong to the pages). */
export function galleryKey(query: Partial<GalleryQuery>) {
  return [
    ...queryKeys.gallery,
    gallerySearchParams({ ...query, cursor: undefined, limit: undefined }).toString(),
  ] as const;
}
