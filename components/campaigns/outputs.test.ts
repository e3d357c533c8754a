import { describe, expect, it } from "vitest";
import { CAMPAIGN_CHANNELS } from "@/lib/schemas/campaign";
import { CHANNEL_OPTIONS, productsFilterWords } from "./outputs";

describe("the campaign form's choices", () => {
  it("offers exactly the channels the handler accepts, each with its ratio", () => {
    expect(CHANNEL_OPTIONS.map((o) => o.value)).toEqual([...CAMPAIGN_CHANNELS]);
    expect(CHANNEL_OPTIONS.find((o) => o.value === "instagram-portrait")).toMatchObject({
      label: "Instagram portrait (1080 × 1350)",
      ratio: "4:5",
    });
  });

  it("says a Products page filter in words", () => {
    expect(productsFilterWords("q=lemon&lora=ready")).toBe("named “lemon”, trained");
    expect(productsFilterWords("template_id=7&sort=name")).toBe("of one template");
    expect(productsFilterWords("")).toBe("every product");
  });
});
