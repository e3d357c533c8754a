import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // `server-only` throws outside React's server build; tests run on the server anyway.
      "server-only": path.resolve(__dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On CI (a shared 2-core machine) a test that fails is run once more before the run fails: a
    // failure twice in a row is a failure. npm test's summary names what passed only the second time.
    retry: process.env.CI ? 1 : 0,
    // Two cores: files that start servers and databases run two at a time.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["node_modules/**", ".next/**", "e2e/**", "data/**", "test/bff/**", "test/multi/**"],
        },
      },
      {
        // The BFF against the built app and the local service, both real servers on real ports;
        // the hooks' tests (happy-dom, `// @vitest-environment`) call the same app from a window.
        extends: true,
        test: {
          name: "bff",
          include: ["test/bff/**/*.test.ts", "hooks/**/*.test.tsx"],
          globalSetup: ["test/bff/global-setup.ts"],
          // One at a time: they share one app and count its service calls. In a thread pool of
          // their own, because vitest runs a fork pool's single-fork files only after all its other
          // files: as threads they run beside the unit tests instead of after them.
          pool: "threads",
          poolOptions: { threads: { singleThread: true } },
        },
      },
      {
        // Two app instances on one throwaway PostgreSQL: their own servers, so not the BFF setup.
        extends: true,
        test: {
          name: "multi",
          include: ["test/multi/**/*.test.ts"],
          globalSetup: ["test/multi/global-setup.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
