import "server-only";

// THE one client of the Product Visualization Service. Everything outside lib/service/ calls
// these functions and sees only the app's own types (lib/types.ts) and AppError.

export { listTemplates, getTemplate, listLoraTemplates } from "./templates";
export { getProduct, generateLora, forgetProduct } from "./products";
export { createProduct } from "./create-product";
export type { CreateProductInput, CreateProductOptions, TextureFile } from "./create-product";
export { createPrediction, getPrediction, tryCreatePrediction } from "./predictions";
export type { CreateOutcome } from "./predictions";
export { streamPredictionList } from "./prediction-list-stream";
export type { CreatePredictionInput } from "@/lib/schemas/prediction";
export { assetKey, isAssetUrl, keptImage, shownImage } from "./assets";
export { assertSafeId } from "./ids";
export { clearServiceCache } from "./coalesce";
export { setRetryTimingForTests, resetRetryTimingForTests } from "./retry";
export { pingService } from "./ping";
