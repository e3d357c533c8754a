// `npm run backup` while the app runs and `npm run restore` into a new DATA_DIR: an app started
// there knows the people and products of the first one. Its own app instances (the built app,
// pointed at the BFF run's local service), each with a data folder of its own.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { startApp } from "../../scripts/stack";
import { bff } from "./client";

const run = promisify(execFile);
const root = path.resolve(__dirname, "..", "..");
const tmp = mkdtempSync(path.join(tmpdir(), "studio-backup-"));
const admin = { email: "admin@backup.test", password: "backup-admin-password" };
const person = { email: "editor@backup.test", password: "Lantern-harbour-quietly-47" };
const apps: { kill(signal?: NodeJS.Signals): boolean }[] = [];

afterAll(async () => {
  for (const app of apps) app.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(tmp, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<string> {
  const { baseUrl, assetUrl, controlUrl, token } = bff();
  const { appUrl, app } = await startApp(root, {
    service: { baseUrl, assetUrl, controlUrl, token },
    dataDir,
    admin,
    // Nothing of the shared BFF app's counts is touched: no watcher, no shot engine.
    env: { WATCHER: "off", CAMPAIGN_ENGINE: "off" },
  });
  apps.push(app);
  return appUrl;
}

async function signIn(appUrl: string, who: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${appUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify(who),
  });
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

function call(
  appUrl: string,
  cookie: string,
  p: string,
  init: { method?: string; json?: unknown; body?: BodyInit } = {},
) {
  const headers: Record<string, string> = { cookie, origin: appUrl };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${appUrl}${p}`, {
    method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

const npmScript = (script: "backup" | "restore", args: string[], dataDir?: string) =>
  run(process.execPath, ["--import", "tsx", path.join(root, "scripts", `${script}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), DATABASE_URL: "" },
  });

describe("backups", () => {
  it("a backup taken while the app runs restores into a new DATA_DIR, where people sign in and see their products", async () => {
    const firstDir = path.join(tmp, "first");
    const firstUrl = await start(firstDir);
    // An app without METRICS_TOKEN (or METRICS_ALLOW) has no metrics route at all.
    expect(
      (await fetch(`${firstUrl}/api/metrics`, { headers: { authorization: "Bearer anything-at-all-here" } })).status,
    ).toBe(404);

    const adminCookie = await signIn(firstUrl, admin);
    const created = await call(firstUrl, adminCookie, "/api/users", { json: { ...person, role: "editor" } });
    expect(created.status).toBe(201);
    const editorCookie = await signIn(firstUrl, person);
    const form = new FormData();
    form.append("template_id", "1");
    form.append("name", "Backed-up bottle");
    const texture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3264c8" } })
      .png()
      .toBuffer();
    form.append("texture[0]", new Blob([new Uint8Array(texture)], { type: "image/png" }), "label.png");
    form.append("texture[0][key]", "label");
    const product = await call(firstUrl, editorCookie, "/api/products", { body: form });
    expect(product.status).toBe(201);
    const { id } = (await product.json()) as { id: string };

    // Taken from the running app (it holds the database): it keeps answering meanwhile.
    const file = path.join(tmp, "studio.tar.gz");
    const [backup] = await Promise.all([
      npmScript("backup", [file], firstDir),
      call(firstUrl, editorCookie, `/api/products/${id}`),
    ]);
    expect(backup.stdout).toContain("Backup of the running app");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await call(firstUrl, editorCookie, "/api/products")).status).toBe(200);

    // Never into a folder that holds anything.
    const occupied = path.join(tmp, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "keep-me"), "x");
    await expect(npmScript("restore", [file, occupied])).rejects.toMatchObject({
      stderr: expect.stringContaining("is not empty"),
    });
    expect(existsSync(path.join(occupied, "db"))).toBe(false);

    const restoredDir = path.join(tmp, "restored");
    const restored = await npmScript("restore", [file, restoredDir]);
    expect(restored.stdout).toContain(`into ${restoredDir}`);
    expect(existsSync(path.join(restoredDir, "session-secret"))).toBe(true);

    const restoredUrl = await start(restoredDir);
    const cookie = await signIn(restoredUrl, person);
    const list = (await (await call(restoredUrl, cookie, "/api/products")).json()) as {
      items: { id: string; name: string }[];
    };
    expect(list.items.map((p) => [p.id, p.name])).toContainEqual([id, "Backed-up bottle"]);
    // A session of the first app holds in the restored one: the session secret came along.
    expect((await call(restoredUrl, editorCookie, `/api/products/${id}`)).status).toBe(200);
  }, 180_000);
});
