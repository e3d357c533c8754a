import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import path from "node:path";
import { ADMIN, externalInstallation, startInstallation, type Installation } from "./stack";
import {
  createPrediction,
  createProductThroughApi,
  trainProduct,
  waitForImages,
  type ProductBody,
  type Ratio,
  type Shot,
} from "./data";

export { ADMIN };

export interface LocalServiceControl {
  controlUrl: string;
  token: string;
  /** The local service's API path prefix (e.g. "/api/v1"), to aim a control-API fault at one call. */
  apiPrefix: string;
  /** POST to the local service's control API (stall, faults, seed, finish a training). */
  post(pathname: string, body: unknown): Promise<unknown>;
  /** GET from the local service's control API (calls, predictions under way, LoRA progress). */
  get(pathname: string): Promise<unknown>;
}

/** The local service the launcher started for this worker's installation. */
function localService(info: Installation["service"]): LocalServiceControl {
  return {
    controlUrl: info.controlUrl,
    token: info.token,
    apiPrefix: new URL(info.baseUrl).pathname.replace(/\/$/, ""),
    async post(pathname, body) {
      const response = await fetch(`${info.controlUrl}${pathname}`, {
        method: "POST",
        headers: { authorization: `Bearer ${info.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`control ${pathname}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async get(pathname) {
      const response = await fetch(`${info.controlUrl}${pathname}`, {
        headers: { authorization: `Bearer ${info.token}` },
      });
      if (!response.ok) throw new Error(`control ${pathname}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

/** Fails the test on any serious or critical accessibility violation of the page as it is. */
export async function expectAccessible(page: Page) {
  // Next streams a page's <title> after its first content: a check made the moment a heading shows
  // could run before it lands. A page without any title still fails here, as axe would.
  await expect(page).toHaveTitle(/\S/);
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

export type JourneyProduct = ProductBody & { name: string };

export interface PredictionOptions {
  /** One ratio for every shot, or one per shot in turn (default "1:1"). */
  ratio?: Ratio | Ratio[];
  /** The prompt; with more than one shot, " #1", " #2"… is added (default: a scene with a stamp). */
  prompt?: string;
}

export interface JourneyFixtures {
  consoleErrors: string[];
  service: LocalServiceControl;
  /** The app's API, signed in as the admin on its own (the page's session is left alone). */
  api: APIRequestContext;
  /** What the journey's product is called; a stamp is added (`test.use({ productName: "Review bottle" })`). */
  productName: string;
  /** A new product of this journey alone, made through the API with real PNG textures; not trained. */
  product: JourneyProduct;
  /** This journey's product, trained: its LoRA is ready (the local service finishes training at once). */
  readyProduct: JourneyProduct;
  /** Makes `n` shots of `readyProduct` through the API and waits until each has its images. */
  predictions: (n: number, options?: PredictionOptions) => Promise<Shot[]>;
  /**
   * Three products of this journey for a campaign, named `productName` with one stamp and a
   * letter: the first two trained, the third not (the campaign trains it first).
   */
  launchProducts: JourneyProduct[];
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const root = path.resolve(__dirname, "..");

export interface WorkerFixtures {
  stack: Installation;
  /**
   * The installation also has a local identity provider for company sign-in (e2e/stack.ts):
   * `test.use({ companySignIn: true })` in the specs about it; the others run without one.
   */
  companySignIn: boolean;
}

export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  companySignIn: [false, { option: true, scope: "worker" }],
  // The worker's own installation (e2e/stack.ts), or the running app E2E_BASE_URL names.
  stack: [
    async ({ companySignIn }, use, workerInfo) => {
      const external = externalInstallation(root);
      if (external) return use(external);
      const installation = await startInstallation(root, workerInfo.parallelIndex, { companySignIn });
      await use(installation);
      await installation.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.url);
  },
  // Every journey fails on a console error: a person would see a broken page.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A failed load names no address in its text: the path says which (a share link's token hidden).
        errors.push(`${message.text()}${whereFrom(message.location().url)}`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  service: async ({ stack }, use) => {
    await use(localService(stack.service));
  },
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    const signedIn = await api.post("/api/session", { data: ADMIN });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await use(api);
    await api.dispose();
  },
  productName: ["Journey bottle", { option: true }],
  product: async ({ api, productName }, use) => {
    const name = `${productName} ${stamp()}`;
    await use({ ...(await createProductThroughApi(api, name)), name });
  },
  readyProduct: async ({ api, product, service }, use) => {
    await trainProduct(api, product.id, service);
    await use({ ...product, lora_enabled: 1 });
  },
  launchProducts: async ({ api, productName, service }, use) => {
    const batch = stamp();
    const products: JourneyProduct[] = [];
    for (const letter of ["A", "B", "C"]) {
      const name = `${productName} ${batch} ${letter}`;
      products.push({ ...(await createProductThroughApi(api, name)), name });
    }
    for (const product of products.slice(0, 2)) {
      await trainProduct(api, product.id, service);
      product.lora_enabled = 1;
    }
    await use(products);
  },
  predictions: async ({ api, readyProduct }, use) => {
    await use(async (n, { ratio = "1:1", prompt } = {}) => {
      const base = prompt ?? `on a sunlit table ${stamp()}`;
      const ratios = Array.from({ length: n }, (_, i) => (Array.isArray(ratio) ? ratio[i % ratio.length] : ratio));
      const prompts = ratios.map((_, i) => (n === 1 ? base : `${base} #${i + 1}`));
      const ids: string[] = [];
      for (const [i, r] of ratios.entries()) ids.push(await createPrediction(api, readyProduct.id, prompts[i], r));
      const images = await Promise.all(ids.map((id) => waitForImages(api, id)));
      return ids.map((id, i) => ({ id, prompt: prompts[i], aspect_ratio: ratios[i], images: images[i] }));
    });
  },
});

export { expect };

export function shot(name: string) {
  return { path: path.join("test-results", "screenshots", `${name}.png`), fullPage: true };
}

/** " (/the/path)" of a console message's address, a share link's token hidden; "" without one. */
function whereFrom(url: string): string {
  if (!URL.canParse(url)) return "";
  return ` (${new URL(url).pathname.replace(/^\/share\/[^/]+/, "/share/…")})`;
}

/**
 * The page without its live-update stream, as behind a proxy that drops it: the page then asks the
 * app itself, more slowly, which is what a journey about polling checks. A 204 tells the browser's
 * EventSource to stop without reporting an error.
 */
export async function withoutLiveStream(page: Page): Promise<void> {
  await page.route("**/api/events*", (route) => route.fulfill({ status: 204 }));
}
