import { describe, expect, it } from "vitest";
import { attachmentName } from "@/lib/images/file-names";
import { downloadHref, downloadName } from "./download-name";

const shot = {
  productName: "Blue Bottle",
  prompt: "On a beach at dawn, soft light!",
  aspectRatio: "16:9" as const,
  url: "http://assets.test/images/abc.png",
  index: 0,
  count: 1,
};

describe("download name", () => {
  it("is made from product, prompt words and ratio, with the image's extension", () => {
    expect(downloadName(shot)).toBe("blue-bottle-on-a-beach-at-dawn-soft-16x9.png");
  });

  it("is exactly the name the download route sends back for it", () => {
    for (const input of [
      shot,
      { ...shot, productName: "Crème brûlée jar", index: 1, count: 3, url: "http://a.test/x.webp" },
    ]) {
      const name = downloadName(input);
      expect(attachmentName(name, input.url.endsWith(".png") ? "image/png" : "image/webp")).toBe(name);
    }
  });

  it("numbers several images and survives missing parts", () => {
    expect(
      downloadName({ productName: null, prompt: "   ", aspectRatio: null, url: "not a url", index: 1, count: 3 }),
    ).toBe("product-2");
  });

  it("links to the app's download route with both values encoded", () => {
    expect(downloadHref("http://a.test/x.png?s=1&t=2", "a b.png")).toBe(
      "/api/images/download?src=http%3A%2F%2Fa.test%2Fx.png%3Fs%3D1%26t%3D2&name=a%20b.png",
    );
  });
});
