// What a person reads for a product: its name. The registry has no name for a product this app
// did not create (the service's own, or one made before the app kept records), and its id means
// nothing to a reader, so every such place says the same words. Client-safe: no server imports.

export const OUTSIDE_PRODUCT = "Product made outside this app";

/** The product's name, or the words for one the app did not create. */
export function productName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : OUTSIDE_PRODUCT;
}
