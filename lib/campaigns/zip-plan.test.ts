import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import type { CampaignImageRow } from "@/lib/db/campaign-images";
import { MAX_CAMPAIGN_ZIP_FILES } from "@/lib/schemas/campaign-zip-params";
import {
  assertZipFits,
  campaignZipEntries,
  campaignZipName,
  outputFolder,
  productFolders,
  zipFileCount,
} from "./zip-plan";

const row = (over: Partial<CampaignImageRow>): CampaignImageRow => ({
  prediction_id: "p1",
  product_id: "jar",
  prompt: "on a marble counter",
  aspect_ratio: "4:5",
  image_index: 0,
  url: "https://assets.test/p1-0.jpg",
  ...over,
});

describe("a campaign's ZIP plan", () => {
  it("names an output's folder by its channel preset, or by its ratio", () => {
    expect(outputFolder({ aspect_ratio: "16:9", channel: null })).toBe("16x9");
    expect(outputFolder({ aspect_ratio: "4:5", channel: "instagram-portrait" })).toBe("instagram-portrait");
  });

  it("gives each product its own folder, even when names make the same slug or there is no name", () => {
    const folders = productFolders([
      { product_id: "a", name: "Spring Jar" },
      { product_id: "b", name: "spring   jar!" },
      { product_id: "c", name: null },
      { product_id: "d", name: "Crème Bottle" },
      { product_id: "e", name: "Spring Jar" },
    ]);
    expect([...folders.values()]).toEqual(["spring-jar", "spring-jar-2", "product-c", "creme-bottle", "spring-jar-3"]);
  });

  it("writes a shot into every output of its ratio, a channel's copy made at the preset, and nothing for other ratios", () => {
    const outputs = [
      { aspect_ratio: "4:5" as const, channel: null },
      { aspect_ratio: "16:9" as const, channel: null },
      { aspect_ratio: "4:5" as const, channel: "instagram-portrait" },
    ];
    const entries = campaignZipEntries(
      [
        row({}),
        row({ image_index: 1, url: "https://assets.test/p1-1.jpg" }),
        row({ prediction_id: "p2", product_id: "mug", aspect_ratio: "16:9", url: "https://assets.test/p2-0.jpg" }),
      ],
      outputs,
      [
        { product_id: "jar", name: "Spring Jar" },
        { product_id: "mug", name: "Mug" },
      ],
    );
    expect(entries.map((e) => [e.folder, e.url, e.exporting?.preset ?? null])).toEqual([
      ["spring-jar/4x5", "https://assets.test/p1-0.jpg", null],
      ["spring-jar/instagram-portrait", "https://assets.test/p1-0.jpg", "instagram-portrait"],
      ["spring-jar/4x5", "https://assets.test/p1-1.jpg", null],
      ["spring-jar/instagram-portrait", "https://assets.test/p1-1.jpg", "instagram-portrait"],
      ["mug/16x9", "https://assets.test/p2-0.jpg", null],
    ]);
    // File names come from the shot itself (lib/images/file-names.ts), by the product's name.
    expect(entries[0].view).toEqual({
      id: "p1",
      product_name: "Spring Jar",
      prompt: "on a marble counter",
      aspect_ratio: "4:5",
    });
    expect(
      zipFileCount(
        new Map([
          ["4:5", 2],
          ["16:9", 1],
        ]),
        outputs,
      ),
    ).toBe(entries.length);
  });

  it("refuses one file more than the bound, in words, and takes the bound itself", () => {
    expect(() => assertZipFits(MAX_CAMPAIGN_ZIP_FILES, "all")).not.toThrow();
    let refused: unknown;
    try {
      assertZipFits(MAX_CAMPAIGN_ZIP_FILES + 1, "all");
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused) && refused.status).toBe(400);
    expect((refused as Error).message).toBe(
      "This ZIP would hold 5,001 files (each image once per output of its ratio); a campaign ZIP holds at most 5,000. " +
        "Download only its approved images (images=approved), or pick images in the gallery filtered to this campaign and download them in parts.",
    );
  });

  it("names the ZIP by the campaign and what it holds", () => {
    expect(campaignZipName("Spring Launch 2025!", "approved")).toBe("spring-launch-2025-approved.zip");
    expect(campaignZipName("✨", "all")).toBe("campaign-all.zip");
  });
});
