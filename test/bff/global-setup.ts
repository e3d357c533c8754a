// Starts the real pieces the BFF tests talk to: the local service (its own process, on ports it
// picks itself) and the built app (`next start`) pointed at it, each with a fresh data folder.
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-state";
import { startStack } from "../../scripts/stack";
import { describeFindings, scanForSecrets, type Secret } from "../log-scan";
import { rolePassword } from "./role-password";

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
  /** The app's METRICS_TOKEN: GET /api/metrics is open to its bearer. */
  metricsToken: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    bff: BffSetup;
  }
}

const root = path.resolve(__dirname, "..", "..");

export const SERVICE_TIMINGS = {
  LOCAL_SERVICE_LORA_MS: "1500",
  LOCAL_SERVICE_PREDICTION_MS: "800",
  LOCAL_SERVICE_LORA_LIMIT: "4",
  LOCAL_SERVICE_LORA_WINDOW_MS: "4000",
};

/** Small upload limits, so a test can send one byte over each without sending 100 MB. */
// Small enough that the limit tests send little, large enough for the advisor's 1024 px textures.
export const UPLOAD_LIMITS = { fileBytes: 4 * 1024 * 1024, requestBytes: 12 * 1024 * 1024 };

/** Requests per minute of one API key. */
export const API_KEY_LIMIT = 120;

/** Sign-offs through share links per hour (test/bff/share-signoff.test.ts is the only sender). */
export const SIGN_OFF_LIMITS = { perLink: 3, perAddress: 30 };

export default async function setup(project: TestProject) {
  if (buildIfStale(root) !== 0) throw new Error("next build failed");
  const tmp = mkdtempSync(path.join(tmpdir(), "studio-bff-"));
  // Everything the app prints during the run is kept and scanned for this run's secrets at the end.
  const appLog = path.join(tmp, "app.log");
  const appLogFd = openSync(appLog, "a");
  const sessionSecret = randomBytes(32).toString("base64url");
  const metricsToken = randomBytes(24).toString("base64url");
  const stack = await startStack(root, {
    dataDir: tmp,
    admin: { email: "admin@bff.test", password: "bff-admin-password" },
    serviceEnv: SERVICE_TIMINGS,
    // The watcher would add its own service calls to the counts these tests assert; the
    // notification tests run one of their own.
    appEnv: {
      PVS_TIMEOUT_MS: "2500",
      WATCHER: "off",
      UPLOAD_MAX_FILE_BYTES: String(UPLOAD_LIMITS.fileBytes),
      UPLOAD_MAX_REQUEST_BYTES: String(UPLOAD_LIMITS.requestBytes),
      SESSION_SECRET: sessionSecret,
      METRICS_TOKEN: metricsToken,
      // Small, so the share sign-off tests can send one more than each limit.
      SHARE_SIGN_OFF_PER_LINK_HOUR: String(SIGN_OFF_LIMITS.perLink),
      SHARE_SIGN_OFF_PER_ADDRESS_HOUR: String(SIGN_OFF_LIMITS.perAddress),
      // The tests share one admin who makes many shots and trainings a minute; the per-person
      // limits have tests of their own (lib/studio/person-limits.test.ts, lib/campaigns/engine.test.ts).
      PERSON_SHOTS_PER_MINUTE: "10000",
      PERSON_TRAININGS_PER_MINUTE: "1000",
      // test/bff/api-keys.test.ts sends one request more than this with one key.
      API_KEY_REQUESTS_PER_MINUTE: String(API_KEY_LIMIT),
    },
    appStdio: ["ignore", appLogFd, appLogFd],
  });
  const { service, admin } = stack;
  const pidFile = path.join(tmp, "local-service.pid");
  project.provide("bff", {
    appUrl: stack.appUrl,
    baseUrl: service.baseUrl,
    assetUrl: service.assetUrl,
    controlUrl: service.controlUrl,
    token: service.token,
    servicePort: stack.servicePort,
    servicePid: service.child.pid ?? 0,
    assetPort: stack.assetPort,
    serviceDataDir: stack.serviceDataDir,
    pidFile,
    admin,
    metricsToken,
  });
  return async () => {
    await stack.stop();
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, "utf8")), "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    closeSync(appLogFd);
    const secrets: Secret[] = [
      { name: "the service token", value: service.token },
      { name: "the session secret", value: sessionSecret },
      { name: "the metrics token", value: metricsToken },
      { name: "the admin password", value: admin.password },
      { name: "the editor password", value: rolePassword("editor") },
      { name: "the reviewer password", value: rolePassword("reviewer") },
    ];
    const printed = readFileSync(appLog, "utf8");
    const findings = scanForSecrets(printed, secrets);
    const lines = printed.split("\n").filter(Boolean).length;
    // Thrown from the teardown, this fails the vitest run and so `npm test`; the log is kept to look at.
    if (findings.length > 0) throw new Error(`A secret reached the app's log:\n${describeFindings(findings, appLog)}`);
    rmSync(tmp, { recursive: true, force: true });
    if (lines === 0) throw new Error("The app printed no log line during the BFF run: the secret scan saw nothing.");
  };
}
