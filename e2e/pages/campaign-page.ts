import { expect, type Locator, type Page } from "@playwright/test";

/** The new-campaign form: name, products, scenes, outputs, variations, and what it will make. */
export class NewCampaignForm {
  readonly heading: Locator;
  readonly name: Locator;
  readonly chips: Locator;
  readonly productSearch: Locator;
  readonly scene: Locator;
  readonly addSceneButton: Locator;
  readonly scenes: Locator;
  readonly summary: Locator;
  readonly start: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "New campaign" });
    this.name = page.getByLabel("Campaign name");
    this.chips = page.getByRole("list", { name: "Chosen products" }).getByRole("listitem");
    this.productSearch = page.getByRole("searchbox", { name: "Find products to add" });
    this.scene = page.getByLabel("Describe a scene");
    this.addSceneButton = page.getByRole("button", { name: "Add scene" });
    this.scenes = page.getByRole("list", { name: "Scenes" }).getByRole("listitem");
    this.summary = page.getByRole("status", { name: "What this campaign makes" });
    this.start = page.getByRole("button", { name: "Start campaign" });
    this.problem = page.getByRole("alert").filter({ hasText: "The campaign was not started" });
  }

  async goto(query = "") {
    await this.page.goto(`/campaigns/new${query}`);
    await expect(this.heading).toBeVisible();
  }

  async addScene(text: string) {
    await this.scene.fill(text);
    await this.addSceneButton.click();
    await expect(this.scenes.filter({ hasText: text })).toBeVisible();
  }

  /** A channel preset's checkbox by the start of its label ("Instagram portrait", "Web hero"). */
  channel(label: string): Locator {
    return this.page.getByRole("group", { name: "Channels" }).getByRole("checkbox", { name: new RegExp(`^${label}`) });
  }

  ratio(ratio: string): Locator {
    return this.page
      .getByRole("group", { name: "Aspect ratios" })
      .getByRole("checkbox", { name: new RegExp(`^${ratio} `) });
  }

  variations(n: number): Locator {
    return this.page
      .getByRole("group", { name: "Variations of each shot" })
      .getByRole("radio", { name: String(n), exact: true });
  }
}

/** A campaign's page: header, actions, links, and each product's grid of shots. */
export class CampaignProgressPage {
  readonly heading: Locator;
  readonly status: Locator;
  readonly progress: Locator;
  readonly reviewLink: Locator;
  readonly galleryLink: Locator;
  readonly downloadAll: Locator;
  readonly downloadApproved: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.status = main.getByText(/^Status: \w/);
    this.progress = main.getByText(/^\d[\d,]* of \d[\d,]* ready/).first();
    const links = main.getByRole("navigation", { name: "This campaign's shots" });
    this.reviewLink = links.getByRole("link", { name: "Review these shots" });
    this.galleryLink = links.getByRole("link", { name: "See in gallery" });
    this.downloadAll = links.getByRole("link", { name: "Download all (ZIP)" });
    this.downloadApproved = links.getByRole("link", { name: "Download approved (ZIP)" });
  }

  /** A product's part of the page: its state and its table of shots. */
  product(name: string): Locator {
    return this.page.getByRole("main").getByRole("region", { name, exact: true });
  }

  /** The finished shots of a product: each a link to the shot's page. */
  doneShots(name: string): Locator {
    return this.product(name).getByRole("link", { name: /: done, open the shot$/ });
  }

  button(name: "Pause" | "Resume" | "Cancel campaign" | RegExp): Locator {
    return this.page.getByRole("main").getByRole("button", { name });
  }
}
