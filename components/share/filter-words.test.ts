import { describe, expect, it } from "vitest";
import { productWords } from "./filter-words";

describe("the products of picked shots, as a person reads them", () => {
  it("names one product once, however many shots", () => {
    expect(productWords(["Desk lamp", "Desk lamp", "Desk lamp"])).toBe("Desk lamp");
  });

  it("lists several by name, never by id", () => {
    expect(productWords(["Desk lamp", "Mug"])).toBe("2 products: Desk lamp and Mug");
    expect(productWords(["Desk lamp", "Mug", "Flask"])).toBe("3 products: Desk lamp, Mug and Flask");
  });

  it("says a product the app did not make is one made outside it", () => {
    expect(productWords([null])).toBe("a product made outside this app");
  });
});
