"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LoraStartResult } from "@/lib/types";
import { apiFetch, ApiError } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

// On 429 the interface asks for exponential backoff (section 8): Retry-After when the service
// gave one, else 5, 10, 20, 40 … s capped at 2 min, with ±20 % jitter so that several open tabs
// do not retry in step. After MAX_ATTEMPTS the person is asked to try later.
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 120_000;
const MAX_ATTEMPTS = 8;

export type StartLoraState =
  | { kind: "idle" }
  | { kind: "starting" }
  /** Refused with 429; retrying by itself at `retryAt` (epoch ms). */
  | { kind: "waiting"; retryAt: number; attempt: number; message: string }
  | { kind: "started"; result: string }
  | { kind: "failed"; error: ApiError };

export function retryDelay(attempt: number, retryAfterSeconds?: number, random = Math.random): number {
  if (retryAfterSeconds && retryAfterSeconds > 0) return retryAfterSeconds * 1000;
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.round(exponential * (0.8 + random() * 0.4));
}

/** POST /api/products/{id}/lora once: the service's answer ("LoRA creation in progress", …). */
export function requestLoraStart(productId: string): Promise<LoraStartResult> {
  return apiFetch<LoraStartResult>(`/api/products/${encodeURIComponent(productId)}/lora`, { method: "POST" });
}

/** Starts a product's training once (for "Create and train"); its views load again when next shown. */
export function useLoraStartOnce() {
  const queryClient = useQueryClient();
  return useCallback(
    async (productId: string) => {
      const answer = await requestLoraStart(productId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.product(productId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
      return answer;
    },
    [queryClient],
  );
}

/** POST /api/products/{id}/lora, retrying by itself on 429 until it succeeds, fails otherwise or is cancelled. */
export function useStartLora(productId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StartLoraState>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempt = useRef(0);
  // Bumped by every start and cancel: an answer to an older request only refreshes the product.
  const generation = useRef(0);
  const sendRef = useRef<(gen: number) => Promise<void>>(async () => {});

  const send = useCallback(
    async (gen: number) => {
      setState({ kind: "starting" });
      try {
        const answer = await requestLoraStart(productId);
        if (gen === generation.current) setState({ kind: "started", result: answer.result });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.product(productId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        ]);
      } catch (caught) {
        if (gen !== generation.current) return;
        const error =
          caught instanceof ApiError ? caught : new ApiError(0, "Error", "Starting the training failed. Try again.");
        if (error.status === 429 && attempt.current < MAX_ATTEMPTS) {
          attempt.current += 1;
          const delay = retryDelay(attempt.current, error.retryAfter);
          setState({ kind: "waiting", retryAt: Date.now() + delay, attempt: attempt.current, message: error.message });
          timer.current = setTimeout(() => void sendRef.current(gen), delay);
          return;
        }
        setState({ kind: "failed", error });
      }
    },
    [productId, queryClient],
  );

  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(() => {
    clearTimeout(timer.current);
    attempt.current = 0;
    generation.current += 1;
    void send(generation.current);
  }, [send]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    generation.current += 1;
    attempt.current = 0;
    setState({ kind: "idle" });
  }, []);

  return { state, start, cancel };
}
