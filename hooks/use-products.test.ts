import { describe, expect, it } from "vitest";
import type { ProductView } from "@/lib/types";
import { productsPollInterval } from "./use-products";

const HOUR = 3_600_000;
const now = Date.parse("2026-01-01T12:00:00Z");
const product = (patch: Partial<ProductView>): ProductView => ({
  id: "p",
  name: "Mug",
  template_id: "7",
  lora_enabled: 0,
  template_name: null,
  texture_keys: [],
  created_at: null,
  lora_started_at: null,
  lora_ready_at: null,
  lora_lost_at: null,
  preview_url: null,
  shots: 0,
  archived_at: null,
  previous_version: null,
  ...patch,
});
const startedAgo = (ms: number) => product({ lora_started_at: new Date(now - ms).toISOString() });

describe("how often a product list asks again", () => {
  it("not at all when nothing trains", () => {
    expect(productsPollInterval([product({ lora_enabled: 1 }), product({})], now)).toBe(false);
  });

  it("as often as the LoRA page for the freshest training", () => {
    expect(productsPollInterval([startedAgo(3 * HOUR), startedAgo(0), product({ lora_enabled: 1 })], now)).toBe(2_000);
    expect(productsPollInterval([startedAgo(3 * HOUR)], now)).toBe(60_000);
  });

  it("never for trainings past the give-up time", () => {
    expect(productsPollInterval([startedAgo(4 * HOUR), startedAgo(30 * HOUR)], now)).toBe(false);
  });
});
