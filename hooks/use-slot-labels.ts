"use client";

import { useLoraTemplates } from "@/hooks/use-templates";

/**
 * The words a person reads for a product's texture slot: its template's label, the key only when
 * the template gives none or is gone.
 */
export function useSlotLabels(templateId: string | null | undefined): (key: string) => string {
  const templates = useLoraTemplates();
  const slots = templates.data?.find((t) => t.id === templateId)?.texture_slots ?? [];
  return (key) => slots.find((s) => s.key === key)?.label || key;
}
