import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";

export const ADMIN = { email: "admin@studio.test", password: "journey-password-1" };
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-test/e2e";

export interface LocalServiceControl {
  controlUrl: string;
  token: string;
  /** POST to the local service's control API (stall, faults, seed). */
  post(pathname: string, body: unknown): Promise<unknown>;
}

/** The local service the launcher started for the journeys (its address is kept in DATA_DIR). */
function localService(): LocalServiceControl {
  const info = JSON.parse(readFileSync(path.join(DATA_DIR, "local-service.json"), "utf8"));
  return {
    controlUrl: info.controlUrl,
    token: info.token,
    async post(pathname, body) {
      const response = await fetch(`${info.controlUrl}${pathname}`, {
        method: "POST",
        headers: { authorization: `Bearer ${info.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`control ${pathname}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

/** Fails the test on any serious or critical accessibility violation of the page as it is. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

export async function signIn(page: Page, user = ADMIN) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

export const test = base.extend<{ consoleErrors: string[]; service: LocalServiceControl }>({
  // Every journey fails on a console error: a person would see a broken page.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  service: async ({}, use) => {
    await use(localService());
  },
});

export { expect };

export function shot(name: string) {
  return { path: path.join("test-results", "screenshots", `${name}.png`), fullPage: true };
}

/** The local service's API path prefix (e.g. "/api/v1"), to aim a control-API fault at one call. */
export function localServiceApiPrefix(): string {
  const info = JSON.parse(readFileSync(path.join(DATA_DIR, "local-service.json"), "utf8"));
  return new URL(info.baseUrl).pathname.replace(/\/$/, "");
}
