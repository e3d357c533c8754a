import { describe, expect, it } from "vitest";
import { imageCountWords, imagesIn } from "./image-count";

describe("image counts", () => {
  it("says one image in the singular and groups thousands", () => {
    expect(imageCountWords(1)).toBe("1 image");
    expect(imageCountWords(0)).toBe("0 images");
    expect(imageCountWords(1204)).toBe("1,204 images");
  });

  it("counts a shot as its images", () => {
    expect(imagesIn([{ images: ["a", "b", "c"] }, { images: [] }, { images: ["d"] }])).toBe(4);
  });
});
