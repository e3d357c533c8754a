import { REVIEW_FILTERS } from "@/lib/schemas/gallery-params";

// A share's filter (the gallery's URL form) as a person reads it: "16:9 · approved · “snow” · oldest first".
// A product is named by its name; its id means nothing to a reader, so it is never shown.

const REVIEW_WORDS: Record<(typeof REVIEW_FILTERS)[number], string> = {
  unreviewed: "not reviewed yet",
  approved: "approved",
  rejected: "rejected",
  starred: "starred",
};

export function filterWords(filter: Record<string, string>, productName?: string | null): string {
  const parts: string[] = [];
  if (filter.product_id) parts.push(productName ? `product ${productName}` : "one product");
  if (filter.aspect_ratio) parts.push(`ratio ${filter.aspect_ratio.split(",").join(" or ")}`);
  if (filter.review) parts.push(REVIEW_WORDS[filter.review as keyof typeof REVIEW_WORDS] ?? filter.review);
  if (filter.q) parts.push(`prompt has “${filter.q}”`);
  if (filter.from && filter.to) parts.push(`${filter.from} to ${filter.to}`);
  else if (filter.from) parts.push(`from ${filter.from}`);
  else if (filter.to) parts.push(`until ${filter.to}`);
  if (filter.sort === "oldest") parts.push("oldest first");
  return parts.length ? parts.join(" · ") : "Every finished product shot";
}

/** The products of some shots by name: "Desk lamp", "2 products: Desk lamp and Mug". */
export function productWords(names: readonly (string | null)[]): string {
  const unique = [...new Set(names.map((name) => name ?? "a product made outside this app"))];
  if (unique.length === 1) return unique[0];
  const listed = unique.length === 2 ? unique.join(" and ") : `${unique.slice(0, -1).join(", ")} and ${unique.at(-1)}`;
  return `${unique.length} products: ${listed}`;
}

/** The full address of a share link (the API answers its path). */
export function shareUrl(path: string): string {
  return typeof window === "undefined" ? path : new URL(path, window.location.origin).toString();
}
