import { expect, type Locator, type Page } from "@playwright/test";

/** The gallery: every product shot of the account as a card whose link is its prompt. */
export class GalleryPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly footnote: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Gallery", level: 1 });
    this.cards = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("article") });
    this.footnote = page.getByText(/read(s)? them as UTC/);
  }

  async goto() {
    await this.page.goto("/gallery");
    await expect(this.heading).toBeVisible();
  }

  /** The card of a prompt (its link carries the prompt as its name). */
  card(prompt: string): Locator {
    return this.page.getByRole("article").filter({ has: this.page.getByRole("link", { name: prompt, exact: true }) });
  }

  link(prompt: string): Locator {
    return this.page.getByRole("link", { name: prompt, exact: true });
  }

  /** Prompts of the cards in the order shown. */
  async prompts(): Promise<string[]> {
    return this.page.getByRole("main").getByRole("article").getByRole("heading").allInnerTexts();
  }
}
