import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";

// Each Playwright worker runs its journeys against an installation of its own: the built app and
// the local service, started by the launcher (scripts/start.ts) on the worker's port with a fresh
// data folder and fast timings. Nothing is shared between workers: not the admin's sessions (a
// sign-out ends them all), not the upload slots, not the counts on the dashboard. So the journeys
// run side by side exactly as they run one at a time.

export const ADMIN = { email: "admin@studio.test", password: "journey-password-1" };

/** The first worker's port; worker n listens on E2E_PORT + n, its SMTP server on that + 25. */
export const basePort = Number(process.env.E2E_PORT ?? 3100);
/** An app that is already running (e.g. `npm run dev` with ADMIN_EMAIL/ADMIN_PASSWORD as above). */
export const externalUrl = process.env.E2E_BASE_URL;

export interface Stack {
  url: string;
  /** The app's DATA_DIR: the launcher keeps the local service's address and token there. */
  dataDir: string;
  /** Where the app sends its emails; a journey that reads them listens here. */
  smtpPort: number;
}

/** The local service's address, token and API prefix, as the launcher wrote them down. */
export function localServiceInfo(stack: Stack): { controlUrl: string; token: string; baseUrl: string } {
  return JSON.parse(readFileSync(path.join(stack.dataDir, "local-service.json"), "utf8"));
}

/** Starts the worker's installation; `stop` ends it. Its output goes to test-results/e2e-app-N.log. */
export async function startStack(root: string, worker: number): Promise<Stack & { stop(): Promise<void> }> {
  const port = basePort + worker;
  const smtpPort = port + 25;
  const dataDir = path.join(root, ".data-test", `e2e-${worker}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  const log = openSync(path.join(root, "test-results", `e2e-app-${worker}.log`), "w");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOCAL_SERVICE_PORT: "0",
      LOCAL_SERVICE_ASSET_PORT: "0",
      LOCAL_SERVICE_LORA_MS: "6000",
      LOCAL_SERVICE_PREDICTION_MS: "2500",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Journeys start LoRAs in quick succession; the ones about the service's 429 inject it.
      LOCAL_SERVICE_LORA_LIMIT: "1000",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  closeSync(log);
  const url = `http://localhost:${port}`;
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`the app for worker ${worker} exited (${child.exitCode}): see test-results/e2e-app-${worker}.log`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, dataDir, smtpPort, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the app for worker ${worker} did not answer /api/health within 2 minutes`);
}
