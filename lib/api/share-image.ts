import { AppError } from "@/lib/errors";

// What a share link's two image routes (…/image, a thumbnail; …/download, the original) have in
// common: one image named by ?p=<prediction id>&i=<image index>, answered privately and briefly.

export function sharedImageQuery(query: URLSearchParams): { predictionId: string; index: number } {
  const index = Number(query.get("i") ?? "");
  if (!Number.isInteger(index) || index < 0) throw new AppError("bad_request", "i must be an image index");
  return { predictionId: query.get("p") ?? "", index };
}

/** Short and private: a revoked link should stop giving images soon, even from caches; never indexed. */
export const SHARED_IMAGE_HEADERS = {
  "cache-control": "private, max-age=300",
  "x-robots-tag": "noindex, nofollow",
  "x-content-type-options": "nosniff",
} as const;
