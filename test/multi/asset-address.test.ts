// The service's images move to another address: the local service restarted with its assets on
// another port (as LOCAL_SERVICE_ASSET_PORT=0 does), the app restarted against the new
// PVS_ASSET_URL over the same data. Every shot made before still shows: the gallery's, the
// product's and the review queue's images are given on the new origin and their thumbnails load,
// the rows an earlier version kept as absolute addresses on the old origin included.
// One app instance on its own embedded database (no PostgreSQL needed), one local service.
import type { ChildProcess, StdioOptions } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServiceProcess, type LocalServiceInfo } from "../../scripts/local-service-process";
import { call, root, signIn as signInAs, startInstance, stopProcess, until, type Instance } from "./instances";
import { trainedProduct } from "./products";

const ADMIN = { email: "admin@assets.test", password: "asset-move-admin-password" };
const SERVICE_TIMINGS = { LOCAL_SERVICE_LORA_MS: "1500", LOCAL_SERVICE_PREDICTION_MS: "600" };

let tmp: string;
let service: LocalServiceInfo & { child: ChildProcess };
let instance: Instance;
const APP_LOG = path.join(root, "test-results", "asset-address-app.log");

const signIn = () => signInAs(instance, ADMIN);

interface Shot {
  id: string;
  images: string[];
}

/** Every shot of the gallery (one page holds them all here). */
async function gallery(cookie: string): Promise<Shot[]> {
  const response = await call(instance, "/api/predictions?limit=60", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Shot[] }).items;
}

/** The thumbnail of `src` at `w`: a WebP of real pixels, or the failure in words. */
async function thumb(
  cookie: string,
  src: string,
  w: number,
): Promise<{ status: number; type: string | null; width?: number; body?: string }> {
  const response = await call(instance, `/api/images/thumb?src=${encodeURIComponent(src)}&w=${w}`, { cookie });
  const type = response.headers.get("content-type");
  if (response.status !== 200) return { status: response.status, type, body: await response.text() };
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { status: 200, type: `${type} (${meta.format})`, width: meta.width };
}

const WEBP = { status: 200, type: "image/webp (webp)" };

/**
 * The app keeps images by asset key; an earlier version kept each one's absolute address. The
 * stopped app's database is made to hold what that version wrote (the address on `origin`), so the
 * restart below must mend it as it would a real installation's rows.
 */
async function keptAsAnEarlierVersionDid(origin: string): Promise<void> {
  const db = new PGlite(path.join(tmp, "app", "db"));
  try {
    const kept = (
      await db.query<{ image: string }>("SELECT jsonb_array_elements_text(images) AS image FROM prediction_index")
    ).rows;
    expect(kept.length).toBeGreaterThan(0);
    for (const { image } of kept) expect(image).toMatch(/^images\//);
    await db.query(
      `UPDATE prediction_index SET images = (SELECT jsonb_agg($1 || '/' || e ORDER BY n) FROM jsonb_array_elements_text(images) WITH ORDINALITY AS x(e, n))
       WHERE image_count > 0`,
      [origin],
    );
    await db.query("UPDATE products SET preview_url = $1 || '/' || preview_url WHERE preview_url NOT LIKE '/%'", [
      origin,
    ]);
    const absolute = (
      await db.query<{ n: number }>("SELECT count(*)::int AS n FROM prediction_index WHERE images::text LIKE '%://%'")
    ).rows[0].n;
    expect(absolute).toBe(3);
  } finally {
    await db.close();
  }
}

describe("images when the asset address moves", () => {
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), "studio-assets-"));
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    const log = openSync(APP_LOG, "w");
    service = await startLocalServiceProcess(root, path.join(tmp, "local-service"), {
      ...SERVICE_TIMINGS,
      LOCAL_SERVICE_PORT: "0",
      LOCAL_SERVICE_ASSET_PORT: "0",
    });
    instance = await startInstance({
      service,
      dataDir: path.join(tmp, "app"),
      admin: ADMIN,
      env: { SESSION_SECRET: "asset-move-secret-asset-move-secret-0123", WATCHER: "off" },
      stdio: ["ignore", log, log] satisfies StdioOptions,
    });
  }, 180_000);

  afterAll(async () => {
    if (instance) await instance.stop();
    if (service) await stopProcess(service.child, "SIGTERM");
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("keeps every earlier shot's images, previews and review queue showing on the new asset origin", async () => {
    let cookie = await signIn();
    const productId = await trainedProduct(instance, cookie, "Amber bottle", service);
    const made: string[] = [];
    for (const [prompt, aspect_ratio] of [
      ["on a marble counter", "1:1"],
      ["in morning light", "4:5"],
      ["by the sea", "16:9"],
    ]) {
      const created = await call(instance, "/api/predictions", {
        cookie,
        json: { product_id: productId, prompt, aspect_ratio },
      });
      expect(created.status).toBe(201);
      made.push(((await created.json()) as Shot).id);
    }
    for (const id of made) {
      await until(
        `shot ${id}`,
        async () =>
          ((await (await call(instance, `/api/predictions/${id}`, { cookie })).json()) as Shot).images.length > 0,
      );
    }
    const before = await gallery(cookie);
    expect(before.map((s) => s.id).sort()).toEqual([...made].sort());
    const oldOrigin = new URL(service.assetUrl).origin;
    for (const shot of before) {
      for (const src of shot.images) {
        expect(new URL(src).origin).toBe(oldOrigin);
        expect(await thumb(cookie, src, 240)).toMatchObject(WEBP);
      }
    }

    // The service restarts with its assets on another free port; its API keeps its address.
    await instance.stop();
    await stopProcess(service.child, "SIGTERM");
    await keptAsAnEarlierVersionDid(oldOrigin);
    service = await startLocalServiceProcess(root, path.join(tmp, "local-service"), {
      ...SERVICE_TIMINGS,
      LOCAL_SERVICE_PORT: new URL(service.baseUrl).port,
      LOCAL_SERVICE_ASSET_PORT: "0",
    });
    const newOrigin = new URL(service.assetUrl).origin;
    expect(newOrigin).not.toBe(oldOrigin);
    await expect(fetch(before[0].images[0])).rejects.toThrow();
    // The app starts again on its own port, against the service's new asset address.
    await instance.restart({ service });
    // Start-up rewrote the three shots' rows and the product's preview to asset keys.
    const mended = readFileSync(APP_LOG, "utf8")
      .split("\n")
      .find((line) => line.includes("image addresses kept by asset key"));
    expect(JSON.parse(mended ?? "{}")).toMatchObject({ predictions: 3, products: 1, left: 0 });
    cookie = await signIn();

    // The gallery (and the dashboard, which reads the same list).
    const after = await gallery(cookie);
    expect(after.map((s) => s.id).sort()).toEqual([...made].sort());
    expect(after.map((s) => s.images.length)).toEqual(
      after.map((s) => before.find((b) => b.id === s.id)!.images.length),
    );
    for (const shot of after) {
      for (const src of shot.images) {
        expect(new URL(src).origin).toBe(newOrigin);
        // A width never asked for before: made now, from the new origin.
        expect(await thumb(cookie, src, 720)).toMatchObject(WEBP);
        // The one kept before the move still serves.
        expect(await thumb(cookie, src, 240)).toMatchObject(WEBP);
      }
    }

    // The product page: its shots, and the product's template preview.
    const productShots = (
      (await (await call(instance, `/api/predictions?product_id=${productId}&limit=60`, { cookie })).json()) as {
        items: Shot[];
      }
    ).items;
    expect(productShots).toHaveLength(made.length);
    for (const src of productShots.flatMap((s) => s.images)) expect(new URL(src).origin).toBe(newOrigin);
    const product = (await (await call(instance, `/api/products/${productId}`, { cookie })).json()) as {
      preview_url: string | null;
    };
    expect(product.preview_url).not.toBeNull();
    expect(new URL(product.preview_url!).origin).toBe(newOrigin);
    expect(await thumb(cookie, product.preview_url!, 480)).toMatchObject(WEBP);

    // The review queue.
    const queue = (await (await call(instance, "/api/reviews/queue?limit=50", { cookie })).json()) as {
      items: { image_url: string }[];
    };
    expect(queue.items.length).toBe(after.reduce((n, s) => n + s.images.length, 0));
    for (const { image_url } of queue.items) {
      expect(new URL(image_url).origin).toBe(newOrigin);
      expect(await thumb(cookie, image_url, 480)).toMatchObject(WEBP);
    }

    // The old address is refused, never fetched.
    expect((await thumb(cookie, before[0].images[0], 480)).status).toBe(400);
  });
});
