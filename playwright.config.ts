import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/chromium-flags";

// Journeys run in Chromium. Each worker starts an installation of its own (e2e/stack.ts: the
// built app and the local service with fast timings, on ports the system gives them), so the
// journeys run side by side without seeing each other's data. E2E_WORKERS sets how many (2).
// CHROMIUM_PATH picks the browser: Debian's /usr/bin/chromium by default (Playwright's own
// browsers cannot be downloaded here); set it to "" to use Playwright's bundled Chromium.
// E2E_BASE_URL runs the journeys, one at a time, against an app that is already running (e.g.
// `npm run dev` started with the admin of e2e/stack.ts and E2E_DATA_DIR, ./data, as its DATA_DIR).
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  globalSetup: external ? undefined : "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: external ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  // As for vitest (vitest.config.ts): once more on CI, and npm test's summary names the journeys that needed it.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The app honours reduced motion (app/globals.css): its pulsing placeholders and transitions stop,
    // so the software-rendered browser does not repaint them 60 times a second while a journey
    // waits for a shot (a fifth of the journeys' browser time). No journey is about motion.
    reducedMotion: "reduce",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: CHROMIUM_FLAGS,
    },
  },
});
