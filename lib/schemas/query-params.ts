import { z } from "zod";

// Rules shared by the paged lists' query strings (gallery, products, activity). Client-safe.

/** An empty value (or a missing one: `URLSearchParams.get` gives null) counts as absent. */
export const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A page size: a whole number from 1 to the list's `max`, said in the same words everywhere. */
export function pageLimit(max: number) {
  const words = `limit must be a whole number from 1 to ${max}`;
  return z.coerce.number({ message: words }).int(words).min(1, words).max(max, words);
}

/** A page's `searchParams` as URLSearchParams (a repeated key: the page reads none of its values). */
export function pageSearchParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) if (typeof value === "string") search.set(key, value);
  return search;
}
