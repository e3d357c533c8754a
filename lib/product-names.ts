// How a product is named where a person reads it. Client-safe: the browser and the server share it.
// The service knows products the app never created (no name in the app's registry): they get one
// plain phrase everywhere instead of an id.

export const OUTSIDE_PRODUCT = "Product made outside this app";

/** The product's name, or the phrase for a product made outside this app. */
export function productLabel(name: string | null | undefined): string {
  return name?.trim() ? name : OUTSIDE_PRODUCT;
}
