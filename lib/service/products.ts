import "server-only";
import type { LoraStartResult, Product } from "@/lib/types";
import { forget } from "./coalesce";
import { servicePost } from "./http";
import { assertSafeId, servicePath } from "./ids";
import { readOne } from "./read";
import { copyProduct, parseAnswer, reshapeProduct } from "./reshape";
import { rawLoraStart, rawProduct } from "./schemas";

// GET /product/{id} and POST /product/{id}/generate-lora. Creating a product streams files,
// so it lives in create-product.ts.

const POLL_TTL_MS = 1_000;

export async function getProduct(id: string): Promise<Product> {
  return readOne("product", id, { schema: rawProduct, reshape: reshapeProduct, ttlMs: POLL_TTL_MS, copy: copyProduct });
}

/** Drops the shared answer for this product: what the service said a moment ago is known to be stale. */
export function forgetProduct(id: string): void {
  forget(`GET /product/${assertSafeId(id, "product id")}`);
}

export async function generateLora(productId: string): Promise<LoraStartResult> {
  const id = assertSafeId(productId, "product id");
  const json = await servicePost(servicePath`/product/${id}/generate-lora`, {
    mayHaveHappened: "LoRA generation may still have started; check the product before trying again.",
  });
  forget(`GET /product/${id}`);
  const { result } = parseAnswer(rawLoraStart, json, "the LoRA generation answer");
  return { result };
}
