import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/chromium-flags";

// Journeys run in Chromium against the built app and the local service, both started by the
// launcher (scripts/start.ts) on their own ports with a fresh data folder and fast timings.
// CHROMIUM_PATH picks the browser: Debian's /usr/bin/chromium by default (Playwright's own
// browsers cannot be downloaded here); set it to "" to use Playwright's bundled Chromium.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL runs the journeys against an app that is already running (e.g. `npm run dev`
// started with the same ADMIN_EMAIL/ADMIN_PASSWORD and E2E_DATA_DIR as its DATA_DIR).
const external = process.env.E2E_BASE_URL;
const dataDir = process.env.E2E_DATA_DIR ?? ".data-test/e2e";
// The journeys' own SMTP server (e2e/notify.spec.ts starts it) listens here; the app sends to it.
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 25);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: external
    ? undefined
    : {
    command: `rm -rf ${dataDir} && node --import tsx scripts/start.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "admin@studio.test",
      ADMIN_PASSWORD: "journey-password-1",
      LOCAL_SERVICE_PORT: "0",
      LOCAL_SERVICE_ASSET_PORT: "0",
      LOCAL_SERVICE_LORA_MS: "6000",
      LOCAL_SERVICE_PREDICTION_MS: "2500",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Journeys start LoRAs in quick succession; the ones about the service's 429 inject it.
      LOCAL_SERVICE_LORA_LIMIT: "1000",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
