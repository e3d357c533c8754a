import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { getProductRecord, renameProductRecord, setProductArchived, type ProductRecord } from "@/lib/db/products";
import { AppError } from "@/lib/errors";
import type { ProductChange } from "@/lib/schemas/product";
import type { ProductView, SessionUser } from "@/lib/types";
import { registryProductView } from "./products";

// Looking after a product the app made: its name and whether it is archived live in the registry
// only, since the interface has no product update. Nothing here asks the service.

/** The registry's record of a product, or a 404 in words (a product made outside the app has none). */
export async function recordedProduct(id: string): Promise<ProductRecord> {
  const record = await getProductRecord(id);
  if (!record) {
    throw new AppError(
      "not_found",
      "Product Studio has no record of this product: only products made in the app can be changed here.",
    );
  }
  return record;
}

/** PATCH /api/products/{id}: renames and/or archives (or brings back); answers the product as the registry has it. */
export async function changeProduct(id: string, change: ProductChange, user: SessionUser): Promise<ProductView> {
  let record = await recordedProduct(id);
  if (change.name !== undefined && change.name !== record.name) {
    const from = record.name;
    record = (await renameProductRecord(id, change.name)) ?? record;
    await recordAudit({ actor: user, action: "product.renamed", productId: id, detail: { from, to: change.name } });
  }
  if (change.archived !== undefined && change.archived !== (record.archivedAt !== null)) {
    record = (await setProductArchived(id, change.archived)) ?? record;
    await recordAudit({
      actor: user,
      action: change.archived ? "product.archived" : "product.unarchived",
      productId: id,
      detail: { name: record.name },
    });
  }
  return registryProductView(record);
}
