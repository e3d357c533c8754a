import { expect, type Locator, type Page } from "@playwright/test";
import type { TestFile } from "../images";

/** The New product page, driven the way a person would: by labels, roles and the file chooser. */
export class NewProductPage {
  readonly templates: Locator;
  readonly name: Locator;
  /** "Create only": the product without its training (the journeys about "Generate LoRA" use it). */
  readonly create: Locator;
  /** "Create and train": the form's main button. */
  readonly createAndTrain: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.templates = page.getByRole("group", { name: "1. Template" }).getByRole("radio");
    this.name = page.getByLabel("Product name");
    this.create = page.getByRole("button", { name: "Create only" });
    this.createAndTrain = page.getByRole("button", { name: "Create and train" });
    this.progress = page.getByRole("progressbar");
  }

  async goto() {
    await this.page.goto("/products/new");
    await expect(this.page.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();
    await expect(this.templates.first()).toBeVisible();
  }

  async chooseTemplate(name: string) {
    await this.page.getByRole("radio", { name }).check();
  }

  /** Clicks the slot's drop zone and picks the file in the file chooser that opens. */
  async chooseTexture(slot: string, file: TestFile) {
    const chooser = this.page.waitForEvent("filechooser");
    await this.page
      .getByRole("button", { name: new RegExp(`^(Choose|Replace) the image for ${escape(slot)}$`) })
      .click();
    await (await chooser).setFiles(file);
  }

  dropZone(slot: string) {
    return this.page.getByRole("button", { name: new RegExp(`the image for ${escape(slot)}$`) });
  }

  /** The texture advisor's words below a slot, once its file has been checked. */
  slotFindings(slot: string) {
    return this.page.getByRole("group", { name: `Texture check for ${slot}` });
  }

  lowResolutionWarnings() {
    return this.page.getByText(/is smaller than the recommended 1024×1024 px/);
  }
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
