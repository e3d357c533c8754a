import { describe, expect, it } from "vitest";
import { OUTSIDE_PRODUCT, productLabel } from "./product-names";

describe("productLabel", () => {
  it("names a product by its name, and one the app did not create by one plain phrase", () => {
    expect(productLabel("Blue bottle")).toBe("Blue bottle");
    for (const name of [null, undefined, "", "  "]) expect(productLabel(name)).toBe(OUTSIDE_PRODUCT);
    expect(OUTSIDE_PRODUCT).toBe("Product made outside this app");
  });
});
