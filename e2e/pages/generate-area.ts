import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { createReadyProduct, type Ratio } from "../data";

/** The generation area of a product page whose LoRA is ready: the form and the product's shots. */
export class GenerateArea {
  readonly prompt: Locator;
  readonly generateButton: Locator;
  readonly shots: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByLabel("Prompt");
    this.generateButton = page.getByRole("button", { name: "Generate", exact: true });
    this.shots = page.getByRole("region", { name: "Product shots" }).getByRole("article");
  }

  async goto(productId: string) {
    await this.page.goto(`/products/${productId}`);
    await expect(this.prompt).toBeVisible();
  }

  /** The radio of a ratio, named as a person reads it ("16:9 Landscape"). */
  ratio(value: Ratio): Locator {
    return this.page
      .getByRole("group", { name: "Aspect ratio" })
      .getByRole("radio", { name: new RegExp(`^${value} `) });
  }

  async generate(prompt: string, ratio: Ratio) {
    await this.prompt.fill(prompt);
    await this.ratio(ratio).check();
    await this.generateButton.click();
  }

  /** The product's shots made from this prompt, newest first. */
  shot(prompt: string): Locator {
    return this.page.getByRole("article", { name: prompt });
  }
}

// The scene-setting helpers moved to e2e/data.ts (journeys get them as fixtures from
// e2e/fixtures.ts); these names stay for journeys that import them from here.
export { createPrediction, createProductThroughApi, createReadyProduct, startTraining, waitForImages } from "../data";
export { gradientPng as texturePng } from "../images";

/** A new product whose LoRA is ready, made for the calling journey alone. */
export async function readyProduct(request: APIRequestContext, name: string) {
  return { ...(await createReadyProduct(request, name)), name };
}
