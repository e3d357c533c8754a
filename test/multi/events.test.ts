// Live updates across instances: two app instances on one throwaway PostgreSQL, the watcher on A
// only. A page connected to B is told of a shot that A's watcher found (LISTEN/NOTIFY), and a page
// that reconnects with Last-Event-ID is sent what it missed, exactly once, then what comes next.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServiceProcess } from "../../scripts/local-service-process";
import { startApp } from "../../scripts/stack";
import {
  postgresAvailable,
  requirePostgresInCi,
  startPostgresCluster,
  type PostgresCluster,
} from "../support/postgres-cluster";
import { openEventStream, type Frame } from "./event-stream";
import { call, signIn as signInAs, stopProcess, until, type Instance } from "./instances";

requirePostgresInCi();

const root = path.resolve(__dirname, "..", "..");
const ADMIN = { email: "admin@events.test", password: "events-admin-password" };

let tmp: string;
let cluster: PostgresCluster;
let db: pg.Client;
let stopService: () => Promise<void> = async () => {};
let a: Instance;
let b: Instance;
let productId: string;

/** A product with its LoRA trained, made through `instance`. */
async function readyProduct(instance: Instance, cookie: string): Promise<string> {
  const texture = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c84" } })
      .png()
      .toBuffer(),
  );
  const form = new FormData();
  form.append("template_id", "1");
  form.append("name", `Live bottle ${Date.now()}`);
  for (const [i, key] of ["label", "cap"].entries()) {
    form.append(`texture[${i}]`, new Blob([texture], { type: "image/png" }), `${key}.png`);
    form.append(`texture[${i}][key]`, key);
  }
  const created = await call(instance, "/api/products", { cookie, body: form });
  if (created.status !== 201) throw new Error(`product: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const started = await call(instance, `/api/products/${id}/lora`, { cookie, method: "POST" });
  if (started.status !== 200) throw new Error(`training: ${started.status}`);
  await until("the LoRA", async () => {
    const product = (await (await call(instance, `/api/products/${id}`, { cookie })).json()) as {
      lora_enabled: number;
    };
    return product.lora_enabled === 1;
  });
  return id;
}

async function makeShot(instance: Instance, cookie: string, prompt: string): Promise<string> {
  const response = await call(instance, "/api/predictions", {
    cookie,
    json: { product_id: productId, prompt, aspect_ratio: "1:1" },
  });
  if (response.status !== 201) throw new Error(`shot: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const shotReady = (id: string) => (f: Frame) => f.event === "shots.ready" && f.data.prediction_id === id;

/** The id of the event that says the shot is ready, once the watcher has recorded it. */
async function recordedShotEvent(predictionId: string): Promise<number> {
  return until("the shot's event", async () => {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM events WHERE kind = 'shots.ready' AND payload->>'prediction_id' = $1",
      [predictionId],
    );
    return rows[0] ? Number(rows[0].id) : null;
  });
}

describe.skipIf(!postgresAvailable)("live updates across two instances", () => {
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), "studio-events-"));
    cluster = await startPostgresCluster();
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const service = await startLocalServiceProcess(root, path.join(tmp, "local-service"), {
      LOCAL_SERVICE_PORT: "0",
      LOCAL_SERVICE_ASSET_PORT: "0",
      LOCAL_SERVICE_LORA_MS: "1000",
    });
    stopService = () => stopProcess(service.child, "SIGTERM");
    const env = { DATABASE_URL: cluster.databaseUrl, SESSION_SECRET: "events-instance-secret-events-instance-secret" };
    const started: Instance[] = [];
    // Only A watches: what B's streams are told comes from A, through the database.
    for (const [name, watcher] of [
      ["a", "on"],
      ["b", "off"],
    ] as const) {
      const { appUrl, app } = await startApp(root, {
        service,
        dataDir: path.join(tmp, name),
        admin: ADMIN,
        env: { ...env, WATCHER: watcher },
      });
      started.push({ url: appUrl, pid: app.pid ?? 0, kill: () => stopProcess(app, "SIGKILL") });
    }
    [a, b] = started;
    productId = await readyProduct(a, await signInAs(a, ADMIN));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill(), stopService()]);
    await db?.end();
    cluster?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("refuses a stream without a session before anything else", async () => {
    const response = await call(b, "/api/events");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "Unauthorized" });
  });

  it("a page on B is told of a shot that A's watcher found, with its images", async () => {
    const onA = await signInAs(a, ADMIN);
    const { response, stream } = await openEventStream(`${b.url}/api/events`, { cookie: await signInAs(b, ADMIN) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    await stream.next((f) => f.event === "ready", 10_000);
    const id = await makeShot(a, onA, `on a basalt plinth ${Date.now()}`);
    const ready = await stream.next(shotReady(id));
    expect((ready.data.prediction as { images: string[] }).images.length).toBeGreaterThan(0);
    expect(ready.data).toMatchObject({ product_id: productId, ready: true });
    await stream.close();
  });

  it("a reconnect with Last-Event-ID is sent what it missed exactly once, then what comes next", async () => {
    const onA = await signInAs(a, ADMIN);
    const onB = await signInAs(b, ADMIN);
    const first = await openEventStream(`${b.url}/api/events`, { cookie: onB });
    const ready = await first.stream.next((f) => f.event === "ready", 10_000);
    await first.stream.close();

    // Away: two shots are made and found meanwhile.
    const missed = [
      await makeShot(a, onA, `on a cork board ${Date.now()}`),
      await makeShot(a, onA, `on a felt mat ${Date.now()}`),
    ];
    const missedIds = [await recordedShotEvent(missed[0]), await recordedShotEvent(missed[1])];

    const again = await openEventStream(`${b.url}/api/events`, { cookie: onB, "last-event-id": String(ready.id) });
    const resumed = await again.stream.next((f) => f.event === "ready", 10_000);
    const replayed = again.stream.frames.slice(0, again.stream.frames.indexOf(resumed));
    // Everything since, up to where the stream resumed, that this person may see: everyone's, and their own bell's.
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM events WHERE id > $1 AND id <= $2
       AND (user_id IS NULL OR user_id = (SELECT id FROM users WHERE email = $3)) ORDER BY id`,
      [ready.id, resumed.id, ADMIN.email],
    );
    expect(rows.length).toBeGreaterThanOrEqual(missed.length);
    expect(replayed.map((f) => f.id)).toEqual(rows.map((r) => Number(r.id)));
    for (const [n, id] of missed.entries()) {
      expect(replayed.filter(shotReady(id)).map((f) => f.id)).toEqual([missedIds[n]]);
    }

    // What comes after the reconnect arrives live, once.
    const review = await call(a, `/api/predictions/${missed[0]}/reviews`, {
      cookie: onA,
      json: { image_index: 0, action: "approve" },
    });
    expect(review.status).toBe(201);
    const told = await again.stream.next((f) => f.event === "review.changed", 30_000);
    expect(told.data).toEqual({ prediction_id: missed[0], by_user_id: expect.any(String) });
    // Another event after it proves the stream went on; the review was still told only once.
    const later = await makeShot(a, onA, `on a linen runner ${Date.now()}`);
    await again.stream.next(shotReady(later));
    expect(again.stream.frames.filter((f) => f.event === "review.changed")).toHaveLength(1);
    const ids = again.stream.frames.filter((f) => f.event !== "ready").map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    await again.stream.close();
  });
});
