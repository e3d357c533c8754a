import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The gallery: a virtualized grid of product shots (only the rows on screen are in the DOM), each a
 * card whose link is its prompt; a filter bar whose state is kept in the URL; a selection toolbar.
 */
export class GalleryPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly cards: Locator;
  readonly total: Locator;
  readonly search: Locator;
  readonly selection: Locator;
  readonly filtersButton: Locator;
  /** "Campaign: <name>" when a campaign's link narrowed the gallery, and the button that removes it. */
  readonly campaignFilter: Locator;
  readonly removeCampaign: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Gallery", level: 1 });
    this.grid = page.getByRole("list", { name: "Product shots" });
    this.cards = this.grid.getByRole("listitem").filter({ has: page.getByRole("article") });
    this.total = page.locator("#gallery-toolbar").getByText(/^[\d,]+ images?( · .*)?$/);
    this.search = page.getByRole("searchbox", { name: "Search prompts" });
    this.selection = page.getByRole("group", { name: "Selection" });
    this.filtersButton = page.getByRole("button", { name: /^Filters/ });
    const find = page.getByRole("search", { name: "Find product shots" });
    this.campaignFilter = find.getByText(/^Campaign: /);
    this.removeCampaign = find.getByRole("button", { name: "Show shots of every campaign" });
  }

  async goto(search = "") {
    await this.page.goto(`/gallery${search}`);
    await expect(this.heading).toBeVisible();
  }

  /** The number in "10,048 images" (the gallery counts images; a shot holds 1 to 4). */
  async totalCount(): Promise<number> {
    return Number((await this.total.innerText()).split(" ")[0].replace(/\D/g, ""));
  }

  /** The card of a prompt (its link carries the prompt as its name). */
  card(prompt: string): Locator {
    return this.page.getByRole("article").filter({ has: this.page.getByRole("link", { name: prompt, exact: true }) });
  }

  link(prompt: string): Locator {
    return this.page.getByRole("link", { name: prompt, exact: true });
  }

  checkbox(prompt: string): Locator {
    return this.card(prompt).getByRole("checkbox", { name: `Select ${prompt}` });
  }

  openInViewer(prompt: string): Locator {
    return this.card(prompt).getByRole("button", { name: "Open in viewer" });
  }

  /** Prompts of the cards in the DOM, in the order shown. */
  async prompts(): Promise<string[]> {
    return this.grid.getByRole("article").getByRole("heading").allInnerTexts();
  }

  /** Highest position ("n of total") of a card in the DOM: how far down the list the grid is. */
  async lastPosition(): Promise<number> {
    const positions = await this.grid
      .getByRole("listitem")
      .evaluateAll((items) => items.map((li) => Number(li.getAttribute("aria-posinset"))));
    return Math.max(0, ...positions);
  }
}
