import type { ProductRecord } from "@/lib/db/products";
import type { Product, ProductView } from "@/lib/types";

// A product as the app's API answers it: the service's product (when it was asked) joined with
// the registry's record. Without the service's answer, the registry's LoRA state stands. The
// registry's name wins over the service's: a rename is kept only there (the service has no update).

export function productView(record: ProductRecord | null, shots: number, live?: Product): ProductView {
  const id = live?.id ?? record?.id ?? "";
  return {
    id,
    lora_enabled: live?.lora_enabled ?? (record?.loraReadyAt ? 1 : 0),
    name: record?.name ?? live?.name ?? null,
    template_id: live?.template_id ?? record?.templateId ?? null,
    template_name: record?.templateName ?? null,
    texture_keys: record?.textureKeys ?? [],
    created_at: record?.createdAt ?? null,
    lora_started_at: record?.loraStartedAt ?? null,
    lora_ready_at: record?.loraReadyAt ?? null,
    lora_lost_at: record?.loraLostAt ?? null,
    preview_url: record?.previewUrl ?? null,
    shots,
    archived_at: record?.archivedAt ?? null,
    previous_version: record?.previousVersionId ? { id: record.previousVersionId, name: null } : null,
  };
}
