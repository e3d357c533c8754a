// One campaign, two app instances on one throwaway PostgreSQL, one local service that allows a
// few creates per window and answers the rest with bare 429s. Both instances' engines work the
// campaign (each send is claimed in the database first), the pace is shared (a 429 seen by one
// slows both), and the service made every shot exactly once. Nothing is open in any browser.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServiceProcess, type LocalServiceInfo } from "../../scripts/local-service-process";
import { startApp } from "../../scripts/stack";
import {
  postgresAvailable,
  requirePostgresInCi,
  startPostgresCluster,
  type PostgresCluster,
} from "../support/postgres-cluster";
import { call, signIn as signInAs, stopProcess, until, type Instance } from "./instances";

requirePostgresInCi();

const root = path.resolve(__dirname, "..", "..");
const ADMIN = { email: "admin@campaign.test", password: "campaign-admin-password" };

let tmp: string;
let cluster: PostgresCluster;
let db: pg.Client;
let service: LocalServiceInfo;
let stopService: () => Promise<void> = async () => {};
const instances: Instance[] = [];
const signIn = (instance: Instance) => signInAs(instance, ADMIN);

async function control(method: string, route: string, body?: unknown) {
  const res = await fetch(`${service.controlUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${service.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${route}: ${res.status}`);
  return res.json();
}

/** A product made through `instance` and trained at once (the service's control port finishes it). */
async function trainedProduct(instance: Instance, cookie: string, name: string): Promise<string> {
  const texture = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c84" } })
      .png()
      .toBuffer(),
  );
  const form = new FormData();
  form.append("template_id", "1");
  form.append("name", name);
  form.append("texture[0]", new Blob([texture], { type: "image/png" }), "label.png");
  form.append("texture[0][key]", "label");
  const created = await call(instance, "/api/products", { cookie, body: form });
  if (created.status !== 201) throw new Error(`product: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  await control("POST", `/lora/${id}/finish`);
  return id;
}

describe.skipIf(!postgresAvailable)("a campaign worked by two instances", () => {
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), "studio-campaign-"));
    cluster = await startPostgresCluster();
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const started = await startLocalServiceProcess(root, path.join(tmp, "local-service"), {
      LOCAL_SERVICE_PORT: "0",
      LOCAL_SERVICE_ASSET_PORT: "0",
      LOCAL_SERVICE_PREDICTION_MS: "300",
      LOCAL_SERVICE_CREATE_LIMIT: "4",
      LOCAL_SERVICE_CREATE_WINDOW_MS: "1000",
    });
    service = started;
    stopService = () => stopProcess(started.child, "SIGTERM");
    const env = {
      DATABASE_URL: cluster.databaseUrl,
      SESSION_SECRET: "campaign-instance-secret-campaign-instance-secret",
    };
    for (const name of ["a", "b"]) {
      const { appUrl, app } = await startApp(root, { service, dataDir: path.join(tmp, name), admin: ADMIN, env });
      instances.push({ url: appUrl, pid: app.pid ?? 0, kill: () => stopProcess(app, "SIGKILL") });
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...instances.map((instance) => instance.kill()), stopService()]);
    await db?.end();
    cluster?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("shares the work, keeps the service's pace, and makes each shot once", async () => {
    const [a, b] = instances;
    const cookie = await signIn(a);
    const products = [await trainedProduct(a, cookie, "Shared lamp"), await trainedProduct(a, cookie, "Shared vase")];
    const since = Date.now();
    const created = await call(a, "/api/campaigns", {
      cookie,
      json: {
        name: "Two instances",
        product_ids: products,
        prompts: ["on a desk", "in a loft", "by a window"],
        aspect_ratios: ["1:1", "4:5"],
        channels: ["web-hero"],
        variations: 1,
      },
    });
    expect(created.status).toBe(201);
    const { id, total } = (await created.json()) as { id: string; total: number };
    expect(total).toBe(18);

    // Followed through the other instance: the state is the database's, not a process's.
    const cookieB = await signIn(b);
    const done = await until("the campaign to finish", async () => {
      const view = (await (await call(b, `/api/campaigns/${id}`, { cookie: cookieB })).json()) as {
        status: string;
        ready: number;
      };
      return view.status === "done" ? view : null;
    });
    expect(done.ready).toBe(18);

    const { predictions } = (await control("GET", "/predictions/made")) as {
      predictions: { product_id: string; prompt: string; aspect_ratio: string; created_at: string }[];
    };
    const counts = new Map<string, number>();
    for (const p of predictions.filter((p) => Date.parse(p.created_at) >= since)) {
      const key = `${p.product_id}|${p.prompt}|${p.aspect_ratio}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(18);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    const { rows } = await db.query<{ sent_by: string; sends: number }>(
      "SELECT sent_by, sends FROM shot_jobs WHERE campaign_id = $1",
      [id],
    );
    const senders = new Set(rows.map((r) => Number(r.sent_by.split(":")[1])));
    expect([...senders].sort()).toEqual(instances.map((i) => i.pid).sort());
    // A 429 made nothing and was sent again; nothing else was: the refusals are the only repeats.
    const limit = (await control("GET", "/create-limit")) as { accepted: number; refused: number };
    expect(limit.accepted).toBe(18);
    expect(rows.reduce((n, r) => n + r.sends, 0)).toBe(18 + limit.refused);
  }, 180_000);
});
