// The product upload's limits, without zod: the product page's first script (its texture drop
// zones) shows them, and lib/schemas/product.ts enforces them.

export const MAX_PRODUCT_NAME = 120;
/** Per texture file: enforced while the upload streams in, and checked in the browser first. */
export const MAX_TEXTURE_BYTES = 25 * 1024 * 1024;
/** Texture files in one product upload. */
export const MAX_TEXTURES = 12;
/** Section 8 of the interface: recommended texture resolution. */
export const RECOMMENDED_TEXTURE_PX = 1024;
