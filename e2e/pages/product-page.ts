import { expect, type Locator, type Page } from "@playwright/test";

/** The product page: the LoRA progress until ready, then the generation area. */
export class ProductPage {
  readonly generateLora: Locator;
  readonly stages: Locator;

  constructor(readonly page: Page) {
    this.generateLora = page.getByRole("button", { name: "Generate LoRA" });
    this.stages = page.getByRole("list", { name: "Training stages (estimated)" }).getByRole("listitem");
  }

  async goto(id: string) {
    await this.page.goto(`/products/${encodeURIComponent(id)}`);
  }

  async expectProduct(name: string) {
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }

  /** The generation area that replaces the training view once the LoRA is ready. */
  generationArea() {
    return this.page.getByRole("heading", { name: "Generate a product shot" });
  }
}
