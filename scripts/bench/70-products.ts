// Products at scale: 3,000 products whose training finished, in the registry the way a real
// installation has them (each created through the app's API with tiny textures, its LoRA started
// through the app and seen ready on its product page). Self-contained: its own local service (no
// LoRA start limit, instant trainings) and app, so it does not depend on the shared stack's seeding.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { chromium, type Browser, type Page } from "playwright";
import { mapLimit } from "../../lib/concurrency";
import { startStack, type Stack } from "../stack";
import { median, medianMs, round, timed, type BenchRow, type BenchSection } from "./context";
import { CHROMIUM_FLAGS } from "../chromium-flags";

const SECTION = "products";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 3_000);
// Two at once: a person has two upload slots (lib/uploads), a third upload gets a 429.
const SEED_CONCURRENCY = 2;
const ADMIN = { email: "admin@bench-products.test", password: "bench-products-password" };
const root = path.resolve(__dirname, "..", "..");

interface Session {
  stack: Stack;
  appUrl: string;
  cookie: string;
  app(p: string, init?: RequestInit): Promise<Response>;
  calls(): Promise<number>;
  resetCalls(): Promise<void>;
}

/** Signs in to the app at `appUrl` (a new process after a restart) of `stack`'s service. */
async function session(stack: Stack, appUrl: string): Promise<Session> {
  const signIn = await fetch(`${appUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify(ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: HTTP ${signIn.status}`);
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
  const control = (p: string, method = "GET") =>
    fetch(`${stack.service.controlUrl}${p}`, { method, headers: { authorization: `Bearer ${stack.service.token}` } });
  return {
    stack,
    appUrl,
    cookie,
    app: (p, init = {}) => fetch(`${appUrl}${p}`, { ...init, headers: { cookie, origin: appUrl, ...init.headers } }),
    calls: async () => {
      const { calls } = (await (await control("/calls")).json()) as { calls: Record<string, number> };
      return Object.values(calls).reduce((a, b) => a + b, 0);
    },
    resetCalls: async () => void (await control("/calls", "DELETE")),
  };
}

/** One product as a person makes it: upload, start the training, open its page once it is ready. */
async function seedOne(s: Session, n: number, texture: Buffer): Promise<void> {
  const form = new FormData();
  form.append("template_id", n % 2 ? "7" : "1");
  form.append("name", `${n % 2 ? "Mug" : "Bottle"} ${n + 1}`);
  for (const [i, key] of (n % 2 ? ["print"] : ["label", "cap"]).entries()) {
    form.append(`texture[${i}]`, new Blob([new Uint8Array(texture)], { type: "image/png" }), `${key}.png`);
    form.append(`texture[${i}][key]`, key);
  }
  const created = await s.app("/api/products", { method: "POST", body: form });
  if (created.status !== 201) throw new Error(`product ${n}: HTTP ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const lora = await s.app(`/api/products/${id}/lora`, { method: "POST" });
  if (!lora.ok) throw new Error(`LoRA of ${n}: HTTP ${lora.status} ${await lora.text()}`);
  for (let tries = 0; tries < 50; tries++) {
    const product = (await (await s.app(`/api/products/${id}`)).json()) as { lora_enabled: number };
    if (product.lora_enabled === 1) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`LoRA of ${n} never ready`);
}

async function signedInPage(browser: Browser, s: Session): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const [name, ...value] = s.cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: s.appUrl }]);
  return context.newPage();
}

/** Service calls made while one page opens and settles (network idle). */
async function visitCalls(browser: Browser, s: Session, pathname: string, ready: string): Promise<number> {
  const page = await signedInPage(browser, s);
  await s.resetCalls();
  await page.goto(`${s.appUrl}${pathname}`);
  await page.waitForSelector(ready, { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const calls = await s.calls();
  await page.context().close();
  return calls;
}

/**
 * Navigation start → the first product card's image decoded and a frame drawn after it; and the
 * server's part of it: navigation start → the page's first byte (the server renders the first
 * page of products into the HTML).
 */
async function firstCard(page: Page, s: Session): Promise<{ paint: number; firstByte: number }> {
  await page.goto(`${s.appUrl}/products`);
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('ul[aria-label="Products"] img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    },
    undefined,
    { timeout: 60_000 },
  );
  const paint = (await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))",
  )) as number;
  const firstByte = (await page.evaluate("performance.getEntriesByType('navigation')[0].responseStart")) as number;
  return { paint, firstByte };
}

// Browser-side code as a string (tsx would wrap named functions in a helper the page lacks).
const SCROLL_ALL = `(async () => {
  let most = 0, reached = 0, images = 0;
  const deadline = performance.now() + 240000;
  while (performance.now() < deadline) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => setTimeout(r, 60));
    const cards = document.querySelectorAll('ul[aria-label="Products"] > li');
    most = Math.max(most, cards.length);
    images = Math.max(images, document.images.length);
    for (const li of cards) reached = Math.max(reached, Number(li.getAttribute("aria-posinset")));
    if (reached >= Number(cards[0]?.getAttribute("aria-setsize") ?? Infinity)) break;
  }
  return { most, reached, images };
})()`;

const section: BenchSection = {
  name: SECTION,
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "studio-bench-products-"));
    const stack = await startStack(root, {
      dataDir: dir,
      admin: ADMIN,
      serviceEnv: {
        LOCAL_SERVICE_LORA_MS: "1",
        LOCAL_SERVICE_LORA_LIMIT: "1000000",
        LOCAL_SERVICE_PREDICTION_MS: "800",
      },
    });
    let s = await session(stack, stack.appUrl);
    try {
      const texture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c83232" } })
        .png()
        .toBuffer();
      console.error(`  seeding ${PRODUCTS} products through the app…`);
      const seeding = await timed(() =>
        mapLimit(
          Array.from({ length: PRODUCTS }, (_, n) => n),
          SEED_CONCURRENCY,
          (n) => seedOne(s, n, texture),
        ),
      );
      // A restart: the first page after it is a cold one (fresh process, nothing cached).
      await stack.restartApp();
      s = await session(stack, stack.appUrl);
      const cold = await timed(async () => (await s.app("/api/products")).json() as Promise<{ total: number }>);
      if (cold.value.total !== PRODUCTS)
        throw new Error(`expected ${PRODUCTS} products, the list says ${cold.value.total}`);
      const warm = await medianMs(20, async () => (await s.app("/api/products")).arrayBuffer());
      await s.resetCalls();
      await s.app("/api/products?limit=200");
      const pageCalls = await s.calls();

      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: CHROMIUM_FLAGS,
      });
      try {
        const dashboard = await visitCalls(browser, s, "/", '[aria-labelledby="dashboard-products"] li');
        const products = await visitCalls(browser, s, "/products", 'ul[aria-label="Products"] img');
        const paints: number[] = [];
        const firstBytes: number[] = [];
        for (let run = 0; run < 3; run++) {
          const page = await signedInPage(browser, s);
          const { paint, firstByte } = await firstCard(page, s);
          paints.push(paint);
          firstBytes.push(firstByte);
          await page.context().close();
        }
        const page = await signedInPage(browser, s);
        await firstCard(page, s);
        const scroll = (await page.evaluate(SCROLL_ALL)) as { most: number; reached: number; images: number };
        await page.context().close();
        const rows: BenchRow[] = [
          {
            section: SECTION,
            metric: `seed ${PRODUCTS} ready products through the API`,
            value: round(seeding.ms, 0),
            unit: "ms",
            note: "set-up, not a goal",
          },
          {
            section: SECTION,
            metric: "service calls: one dashboard visit",
            value: dashboard,
            unit: "calls",
            note: "goal ≤ 20",
          },
          {
            section: SECTION,
            metric: "service calls: one Products page visit",
            value: products,
            unit: "calls",
            note: "goal ≤ 20",
          },
          {
            section: SECTION,
            metric: "service calls: GET /api/products?limit=200",
            value: pageCalls,
            unit: "calls",
            note: "all ready: 0",
          },
          {
            section: SECTION,
            metric: "GET /api/products first page, cold",
            value: round(cold.ms),
            unit: "ms",
            note: "first request after a restart",
          },
          {
            section: SECTION,
            metric: "GET /api/products first page, warm (median of 20)",
            value: round(warm),
            unit: "ms",
            note: "goal ≤ 50",
          },
          {
            section: SECTION,
            metric: "Products page first byte (median of 3)",
            value: round(median(firstBytes)),
            unit: "ms",
            note: `runs ${firstBytes.map((p) => round(p, 0)).join(", ")} ms; the server's part of the first card`,
          },
          {
            section: SECTION,
            metric: "first product card painted (median of 3)",
            value: round(median(paints)),
            unit: "ms",
            note: `runs ${paints.map((p) => round(p, 0)).join(", ")} ms; goal ≤ 1500`,
          },
          {
            section: SECTION,
            metric: "most product cards in the DOM, whole list scrolled",
            value: scroll.most,
            unit: "count",
            note: `reached card ${scroll.reached} of ${PRODUCTS}; ${scroll.images} img at most; goal ≤ 200`,
          },
        ];
        return rows;
      } finally {
        await browser.close();
      }
    } finally {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default section;
