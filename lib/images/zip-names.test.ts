import { describe, expect, it } from "vitest";
import { createZipNamer, extensionFor, slug, zipBaseName } from "./zip-names";

describe("zip names", () => {
  it("makes product-prompt-ratio names, sanitised", () => {
    expect(zipBaseName({ product_name: "Crème Bottle 2.0", prompt: "On a sunny beach, at noon: with/../ palms & more words here", aspect_ratio: "16:9" })).toBe(
      "creme-bottle-2-0-on-a-sunny-beach-at-noon-16x9",
    );
    expect(zipBaseName({ product_name: null, prompt: "", aspect_ratio: null })).toBe("product");
    expect(slug("../../etc/passwd")).toBe("etc-passwd");
  });

  it("numbers names per base and never repeats one", () => {
    const name = createZipNamer();
    expect(name("mug-beach-1x1", "jpg")).toBe("mug-beach-1x1-1.jpg");
    expect(name("mug-beach-1x1", "jpg")).toBe("mug-beach-1x1-2.jpg");
    expect(name("mug-beach-1x1", "png")).toBe("mug-beach-1x1-3.png");
    expect(name("other", "jpg")).toBe("other-1.jpg");
  });

  it("takes the extension from the content type", () => {
    expect(extensionFor("image/png")).toBe("png");
    expect(extensionFor("image/jpeg")).toBe("jpg");
    expect(extensionFor(null)).toBe("jpg");
  });
});
