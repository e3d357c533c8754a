// The review actions, the comment limit and the queue's orders, without zod: the nav's review
// badge and the queue's hooks are on every page, and the schemas in review.ts would bring zod along.

export const REVIEW_ACTIONS = ["approve", "reject", "star", "unstar", "comment", "clear"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const MAX_COMMENT_LENGTH = 2000;

export const QUEUE_SORTS = ["oldest", "newest"] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** The queue's API path for one view (the hook and the page's prefetch ask the same). */
export function reviewQueuePath(limit: number, sort: QueueSort, productId?: string, campaignId?: string): string {
  const params = new URLSearchParams({ limit: String(limit), sort });
  if (productId) params.set("product_id", productId);
  if (campaignId) params.set("campaign_id", campaignId);
  return `/api/reviews/queue?${params}`;
}

/** The campaign the review page's URL narrows the queue to (`?campaign_id=`); one the API would refuse is left out. */
export function queueCampaignId(value: string | string[] | undefined): string | undefined {
  const id = typeof value === "string" ? value.trim() : "";
  return id && id.length <= 200 ? id : undefined;
}
