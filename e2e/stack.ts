import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../scripts/free-port";
import { startLocalOidc, type LocalOidc } from "../scripts/local-oidc";
import type { LocalServiceInfo } from "../scripts/local-service-process";
import { startStack } from "../scripts/stack";

// Each Playwright worker runs its journeys against an installation of its own: the built app and
// the local service (scripts/stack.ts, as for the BFF tests and the bench) with a fresh data folder
// and fast timings. Nothing is shared between workers: not the admin's sessions (a sign-out ends
// them all), not the upload slots, not the counts on the dashboard. So the journeys run side by
// side exactly as they run one at a time.

export const ADMIN = { email: "admin@studio.test", password: "journey-password-1" };

export interface Installation {
  url: string;
  service: LocalServiceInfo;
  /** Where the app sends its emails; a journey that reads them listens here. */
  smtpPort: number;
  /** The local identity provider, for the journeys of company sign-in only. */
  oidc?: LocalOidc;
}

/** The company sign-in of the journeys that ask for it: the local provider's people at acme.test get accounts. */
export const COMPANY_SIGN_IN = { OIDC_NAME: "Sign in with Acme", OIDC_ALLOWED_DOMAINS: "acme.test" };

/**
 * The app E2E_BASE_URL names (e.g. `npm run dev` with ADMIN_EMAIL/ADMIN_PASSWORD as above), with
 * the local service the launcher wrote down in E2E_DATA_DIR; null when the journeys start their own.
 */
export function externalInstallation(root: string): Installation | null {
  const url = process.env.E2E_BASE_URL;
  if (!url) return null;
  const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? "./data");
  const service = JSON.parse(readFileSync(path.join(dataDir, "local-service.json"), "utf8")) as LocalServiceInfo;
  return { url, service, smtpPort: Number(process.env.E2E_SMTP_PORT ?? 3125) };
}

/** Starts worker `worker`'s installation; `stop` ends it. The app's output goes to test-results/e2e-app-N.log. */
export async function startInstallation(
  root: string,
  worker: number,
  options: { companySignIn?: boolean } = {},
): Promise<Installation & { stop(): Promise<void> }> {
  const dataDir = path.join(root, ".data-test", `e2e-${worker}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  // The app must be told where to send emails before the journey's SMTP server listens there.
  const smtpPort = await freePort();
  // The provider registers the app's callback, so the app's port is picked before either starts.
  const appPort = await freePort();
  const oidc = options.companySignIn ? await startLocalOidc({ appUrl: `http://localhost:${appPort}` }) : undefined;
  const log = openSync(path.join(root, "test-results", `e2e-app-${worker}.log`), "w");
  try {
    const stack = await startStack(root, {
      dataDir,
      admin: ADMIN,
      appPort,
      // Journeys start LoRAs in quick succession; the ones about the service's 429 inject it.
      serviceEnv: {
        LOCAL_SERVICE_LORA_MS: "6000",
        LOCAL_SERVICE_PREDICTION_MS: "2500",
        LOCAL_SERVICE_LORA_LIMIT: "1000",
      },
      // A campaign asks about its products' trainings each second, not each 30 s: the local service trains in seconds.
      // One admin makes every journey's shots and trainings: the per-person limits are tested elsewhere.
      appEnv: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        CAMPAIGN_TRAINING_CHECK_MS: "1000",
        WEBHOOK_ALLOW_LOCALHOST: "on",
        PERSON_SHOTS_PER_MINUTE: "10000",
        PERSON_TRAININGS_PER_MINUTE: "1000",
        ...(oidc ? { ...oidc.appEnv, ...COMPANY_SIGN_IN } : {}),
      },
      appStdio: ["ignore", log, log],
    });
    // By name, as a person opens it: the browser keeps the app's secure cookies for localhost.
    const url = `http://localhost:${new URL(stack.appUrl).port}`;
    const stop = async () => {
      await stack.stop();
      await oidc?.close();
    };
    return { url, service: stack.service, smtpPort, oidc, stop };
  } catch (error) {
    await oidc?.close();
    throw error;
  } finally {
    closeSync(log);
  }
}
