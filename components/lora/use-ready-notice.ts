"use client";

import { useEffect, useRef } from "react";
import { useToast } from "@/components/ui/toast";
import type { ProductView } from "@/lib/types";
import { notifyLoraReady } from "./notify-when-ready";

/**
 * When this page sees the LoRA turn ready (0 → 1, not on opening a ready product): a toast, the
 * tab title and, if allowed, a browser notification, for someone who went to another tab.
 */
export function useReadyNotice(product: ProductView | undefined) {
  const toast = useToast();
  const previous = useRef<0 | 1 | null>(null);
  const enabled = product?.lora_enabled ?? null;
  const name = product?.name ?? "Your product";

  useEffect(() => {
    if (enabled === null) return;
    const was = previous.current;
    previous.current = enabled;
    if (was !== 0 || enabled !== 1) return;
    document.title = `✓ LoRA ready · ${name}`;
    toast.show(`The LoRA of ${name} is ready. You can generate product shots now.`, "success");
    notifyLoraReady(name);
  }, [enabled, name, toast]);
}
