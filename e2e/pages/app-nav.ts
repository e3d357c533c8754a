import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The top bar: the day's links, the Admin and Account menus from 1024 px up, one "Menu" list
 * below. Its helpers go through whichever the viewport shows, as a person would.
 */
export class AppNavBar {
  readonly nav: Locator;
  readonly menuButton: Locator;
  readonly adminButton: Locator;
  readonly accountButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole("navigation", { name: "Main" });
    this.menuButton = this.nav.getByRole("button", { name: "Menu" });
    this.adminButton = this.nav.getByRole("button", { name: "Admin" });
    this.accountButton = this.nav.getByRole("button", { name: "Account" });
  }

  private async phone(): Promise<boolean> {
    return this.menuButton.isVisible();
  }

  private async openPhoneMenu() {
    if ((await this.menuButton.getAttribute("aria-expanded")) !== "true") await this.menuButton.click();
  }

  /** Users, Webhooks or Activity. */
  async openAdminPage(label: "Users" | "Webhooks" | "Activity") {
    if (await this.phone()) {
      await this.openPhoneMenu();
      await this.nav.getByRole("region", { name: "Admin" }).getByRole("link", { name: label }).click();
      return;
    }
    await this.adminButton.click();
    await this.page.getByRole("menu", { name: "Admin" }).getByRole("menuitem", { name: label }).click();
  }

  async signOut() {
    if (await this.phone()) {
      await this.openPhoneMenu();
      await this.nav.getByRole("button", { name: "Sign out" }).click();
    } else {
      await this.accountButton.click();
      await this.page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Sign out" }).click();
    }
    await expect(this.page).toHaveURL(/\/sign-in/);
  }
}
