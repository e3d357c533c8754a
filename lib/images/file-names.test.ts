import { describe, expect, it } from "vitest";
import { attachmentName, createZipNamer, extensionFor, imageBaseName, slug } from "./file-names";

describe("image file names", () => {
  it("makes product-prompt-ratio names, sanitised", () => {
    expect(
      imageBaseName({
        product_name: "Crème Bottle 2.0",
        prompt: "On a sunny beach, at noon: with/../ palms & more words here",
        aspect_ratio: "16:9",
      }),
    ).toBe("creme-bottle-2-0-on-a-sunny-beach-at-noon-16x9");
    expect(imageBaseName({ product_name: null, prompt: "", aspect_ratio: null })).toBe("product");
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

  it("makes any asked-for download name safe, with the extension of the real type", () => {
    expect(attachmentName("../../etc/passwd.png", "image/jpeg")).toBe("etc-passwd.jpg");
    expect(attachmentName('a"b;\r\nc', "image/png")).toBe("a-b-c.png");
    expect(attachmentName(null, "image/webp")).toBe("product-shot.webp");
    expect(attachmentName("x".repeat(500), "image/png")).toHaveLength(120 + 4);
  });
});
