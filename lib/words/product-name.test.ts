import { describe, expect, it } from "vitest";
import { OUTSIDE_PRODUCT, productName } from "./product-name";

describe("productName", () => {
  it("says the name when the app knows one", () => {
    expect(productName("Summer lemonade 330 ml")).toBe("Summer lemonade 330 ml");
  });

  it("says the product was made outside this app when it has no name, never its id", () => {
    expect(productName(null)).toBe(OUTSIDE_PRODUCT);
    expect(productName(undefined)).toBe(OUTSIDE_PRODUCT);
    expect(productName("   ")).toBe("Product made outside this app");
  });
});
