// The review actions, the comment limit and the queue's orders, without zod: the nav's review
// badge and the queue's hooks are on every page, and the schemas in review.ts would bring zod along.

export const REVIEW_ACTIONS = ["approve", "reject", "star", "unstar", "comment", "clear"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const MAX_COMMENT_LENGTH = 2000;

export const QUEUE_SORTS = ["oldest", "newest"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** The queue's API path for one view (the hook and the page's prefetch ask the same). */
export function reviewQueuePath(limit: number, sort: QueueSort, productId?: string): string {
  const params = new URLSearchParams({ limit: String(limit), sort });
  if (productId) params.set("product_id", productId);
  return `/api/reviews/queue?${params}`;
}
