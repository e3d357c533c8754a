import { describe, expect, it } from "vitest";
import { downloadHref, downloadName } from "./download-name";

describe("download name", () => {
  it("is made from product, prompt and ratio, with the image's extension", () => {
    expect(
      downloadName({
        productName: "Blue Bottle",
        prompt: "On a beach at dawn, soft light!",
        aspectRatio: "16:9",
        url: "http://assets.test/images/abc.png",
        index: 0,
        count: 1,
      }),
    ).toBe("blue-bottle_on-a-beach-at-dawn-soft-light_16x9.png");
  });

  it("numbers several images and survives missing parts", () => {
    expect(
      downloadName({ productName: null, prompt: "   ", aspectRatio: null, url: "not a url", index: 1, count: 3 }),
    ).toBe("product_shot_2");
  });

  it("links to the app's download route with both values encoded", () => {
    expect(downloadHref("http://a.test/x.png?s=1&t=2", "a b.png")).toBe(
      "/api/images/download?src=http%3A%2F%2Fa.test%2Fx.png%3Fs%3D1%26t%3D2&name=a%20b.png",
    );
  });
});
