import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { assetKey, assetUrlOf, keptImage, shownImage } from "./assets";

// An image is kept by its address relative to PVS_ASSET_URL, whatever origin first served it, and
// handed out on today's asset origin only.

let env: ReturnType<typeof useTestEnv>;
beforeAll(() => {
  env = useTestEnv({ PVS_ASSET_URL: "https://cdn.example/pvs" });
});
afterAll(() => env.cleanup());

describe("asset keys", () => {
  it("are the path (and query) under the asset path, from any origin or as a key already", () => {
    expect(assetKey("https://cdn.example/pvs/images/a.png")).toBe("images/a.png");
    expect(assetKey("http://127.0.0.1:4011/pvs/images/a.png?v=2#top")).toBe("images/a.png?v=2");
    expect(assetKey("images/a.png")).toBe("images/a.png");
    expect(assetKey("./images/a.png")).toBe("images/a.png");
    expect(assetUrlOf("http://127.0.0.1:4011/pvs/images/a.png")).toBe("https://cdn.example/pvs/images/a.png");
    expect(assetUrlOf("images/a:b.png")).toBe("https://cdn.example/pvs/images/a:b.png");
    expect(assetUrlOf("a:b.png")).toBe("https://cdn.example/pvs/a:b.png");
  });

  it("are refused for anything that is not an image under the asset path", () => {
    for (const value of [
      "",
      "/api/products/p1/preview",
      "//evil.example/pvs/a.png",
      "https://cdn.example/other/a.png",
      "https://user:pw@cdn.example/pvs/a.png",
      "ftp://cdn.example/pvs/a.png",
      "../secret.png",
      "images/%2e%2e/%2e%2e/secret.png",
      "https://old.example//evil.example/pvs/a.png",
      "https://cdn.example/pvs/",
    ]) {
      expect(assetKey(value), value).toBeNull();
      expect(assetUrlOf(value), value).toBeNull();
    }
    // Kept and shown unchanged: an app route, or an address the app cannot place.
    expect(keptImage("/api/products/p1/preview")).toBe("/api/products/p1/preview");
    expect(shownImage("https://elsewhere.example/x.png")).toBe("https://elsewhere.example/x.png");
  });
});
