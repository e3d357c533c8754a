import "server-only";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { FIRST_PAGE } from "@/lib/query-keys";
import { indexPage } from "@/lib/db/prediction-index-page";
import { readIndexState } from "@/lib/db/prediction-index-state";
import { queryProductPage } from "@/lib/db/product-page";
import { log } from "@/lib/log";
import { galleryQuerySchema } from "@/lib/schemas/gallery-query";
import { DEFAULT_PRODUCT_PAGE_SIZE } from "@/lib/schemas/product-params";
import { productQuerySchema } from "@/lib/schemas/product-query";

// The first person after a restart should not wait for what every later visit gets for free.
// Next answers no request before start-up (instrumentation.ts) has finished, and only then loads
// every route's compiled code, one after another, while the first requests are already being
// answered: a first page waited ~350 ms for that and for a database whose pages were not yet
// read. So start-up reads the first pages' rows once (the database's own caches, the query
// code) and loads the API routes a first visit calls, before anything is served.

const FIRST_ROUTES = [
  "api/session",
  "api/predictions",
  "api/predictions/[id]",
  "api/products",
  "api/products/[id]",
  "api/notifications",
];

async function readFirstPages(): Promise<void> {
  await readIndexState();
  const gallery = galleryQuerySchema.parse({});
  await indexPage(gallery, { sort: gallery.sort, limit: FIRST_PAGE.gallery, after: null });
  await queryProductPage(productQuerySchema.parse({}), DEFAULT_PRODUCT_PAGE_SIZE);
}

/** Loads the built routes' code (later loads by Next find it in Node's module cache). */
function loadFirstRoutes(): number {
  const appDir = path.join(process.cwd(), ".next", "server", "app");
  if (!existsSync(appDir)) return 0;
  const load = createRequire(path.join(appDir, "start-up.js"));
  let loaded = 0;
  for (const route of FIRST_ROUTES) {
    const file = path.join(appDir, route, "route.js");
    if (!existsSync(file)) continue;
    load(file);
    loaded++;
  }
  return loaded;
}

/** Never fails start-up: a warm-up that fails only leaves the first request slower. */
export async function warmUp(): Promise<void> {
  const started = performance.now();
  try {
    await readFirstPages();
    const routes = loadFirstRoutes();
    log.info(
      { ms: Math.round(performance.now() - started), routes },
      "warmed up: first pages read, first routes loaded",
    );
  } catch (error) {
    log.warn({ err: error }, "warming up failed; the first requests do it instead");
  }
}
