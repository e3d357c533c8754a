"use client";

import { useQuery } from "@tanstack/react-query";
import type { Template } from "@/lib/types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

// Templates change rarely (the server keeps them 5 minutes too), so they stay fresh for a minute.
const TEMPLATE_STALE_MS = 60_000;

/** Templates whose detail says `loraScene` = `available`: the only ones a product can be made from here. */
export function useLoraTemplates() {
  return useQuery({
    queryKey: queryKeys.templates("lora"),
    queryFn: ({ signal }) => apiFetch<Template[]>("/api/templates?lora=available", { signal }),
    staleTime: TEMPLATE_STALE_MS,
  });
}
