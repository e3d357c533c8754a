// Starts the real pieces the BFF tests talk to: the local service (its own process, on free
// ports) and the built app (`next start`) pointed at it, each with a fresh data folder.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-state";
import { startLocalServiceProcess } from "../../scripts/local-service-process";

export interface BffSetup {
  appUrl: string;
  baseUrl: string;
  assetUrl: string;
  controlUrl: string;
  token: string;
  servicePort: number;
  /** Process id of the local service as first started. */
  servicePid: number;
  assetPort: number;
  serviceDataDir: string;
  /** A test that restarts the local service writes the new process id here. */
  pidFile: string;
  admin: { email: string; password: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    bff: BffSetup;
  }
}

const root = path.resolve(__dirname, "..", "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export const SERVICE_TIMINGS = {
  LOCAL_SERVICE_LORA_MS: "1500",
  LOCAL_SERVICE_PREDICTION_MS: "800",
  LOCAL_SERVICE_LORA_LIMIT: "4",
  LOCAL_SERVICE_LORA_WINDOW_MS: "4000",
};

export default async function setup(project: TestProject) {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  if (buildIfStale(root) !== 0) throw new Error("next build failed");
  const tmp = mkdtempSync(path.join(tmpdir(), "studio-bff-"));
  const [servicePort, assetPort, appPort] = [await freePort(), await freePort(), await freePort()];
  const serviceDataDir = path.join(tmp, "local-service");
  const local = await startLocalServiceProcess(root, serviceDataDir, {
    ...SERVICE_TIMINGS,
    LOCAL_SERVICE_PORT: String(servicePort),
    LOCAL_SERVICE_ASSET_PORT: String(assetPort),
  });
  const admin = { email: "admin@bff.test", password: "bff-admin-password" };
  const app: ChildProcess = spawn(process.execPath, [next, "start", "-p", String(appPort)], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PVS_BASE_URL: local.baseUrl,
      PVS_ASSET_URL: local.assetUrl,
      PVS_API_TOKEN: local.token,
      PVS_TIMEOUT_MS: "2500",
      DATA_DIR: path.join(tmp, "app"),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
  });
  const appUrl = `http://127.0.0.1:${appPort}`;
  await waitFor(`${appUrl}/api/health`);
  const pidFile = path.join(tmp, "local-service.pid");
  project.provide("bff", {
    appUrl,
    baseUrl: local.baseUrl,
    assetUrl: local.assetUrl,
    controlUrl: local.controlUrl,
    token: local.token,
    servicePort,
    servicePid: local.child.pid ?? 0,
    assetPort,
    serviceDataDir,
    pidFile,
    admin,
  });
  return async () => {
    app.kill("SIGTERM");
    local.child.kill("SIGTERM");
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, "utf8")), "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    rmSync(tmp, { recursive: true, force: true });
  };
}

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within 60 s`);
}
