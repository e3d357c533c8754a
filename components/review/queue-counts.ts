import type { QueueProduct } from "@/lib/api-types";

/**
 * Images awaiting review of one product, or of all of them: the queue's picker and its page count
 * them this one way, from one answer of the server, so the two never disagree.
 */
export function awaitingOf(products: readonly QueueProduct[], productId?: string): number {
  if (productId) return products.find((p) => p.id === productId)?.awaiting ?? 0;
  return products.reduce((sum, p) => sum + p.awaiting, 0);
}
