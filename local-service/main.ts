// CLI: `npx tsx local-service/main.ts` starts the local service from LOCAL_SERVICE_* variables and
// prints one line of JSON on stdout when ready (a launcher parses it); everything else goes to stderr.
import { createServer } from "node:net";
import { loadOrCreateTokens } from "./config";
import { IMAGE_LONG_EDGE } from "./format";
import { startLocalService } from "./server";

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`local-service: ${name} must be a non-negative number, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * The port from `name`, or the default when it is unset — and when the default is taken (say a
 * second checkout runs), any free port: the app learns the address from the ready line anyway.
 */
async function portFrom(name: string, fallback: number, host: string): Promise<number> {
  if (process.env[name]?.trim()) return numberFrom(name, fallback);
  if (await portIsFree(fallback, host)) return fallback;
  console.error(`[local-service] port ${fallback} is taken; using a free one (set ${name} to choose)`);
  return 0;
}

/** The create limit from the environment: none unless LOCAL_SERVICE_CREATE_LIMIT is set. */
function createLimitFrom(): { limit: number; windowMs: number } | null {
  if (!process.env.LOCAL_SERVICE_CREATE_LIMIT?.trim()) return null;
  const limit = numberFrom("LOCAL_SERVICE_CREATE_LIMIT", 0);
  const windowMs = numberFrom("LOCAL_SERVICE_CREATE_WINDOW_MS", 60_000);
  if (!Number.isInteger(limit) || !Number.isInteger(windowMs) || windowMs < 1) {
    console.error(
      "local-service: LOCAL_SERVICE_CREATE_LIMIT must be a whole number and LOCAL_SERVICE_CREATE_WINDOW_MS a positive one",
    );
    process.exit(1);
  }
  return { limit, windowMs };
}

async function main(): Promise<void> {
  const dataDir = process.env.LOCAL_SERVICE_DATA_DIR || "./data/local-service";
  const fileTokens = await loadOrCreateTokens(dataDir);
  const full = process.env.LOCAL_SERVICE_TOKEN?.trim();
  const readOnly = process.env.LOCAL_SERVICE_READONLY_TOKEN?.trim();
  const host = process.env.LOCAL_SERVICE_HOST || "127.0.0.1";
  const service = await startLocalService({
    dataDir,
    host,
    port: await portFrom("LOCAL_SERVICE_PORT", 4010, host),
    assetPort: await portFrom("LOCAL_SERVICE_ASSET_PORT", 4011, host),
    tokens: { full: full ? [full] : fileTokens.full, readOnly: readOnly ? [readOnly] : fileTokens.readOnly },
    loraMs: numberFrom("LOCAL_SERVICE_LORA_MS", 20_000),
    predictionMs: numberFrom("LOCAL_SERVICE_PREDICTION_MS", 4_000),
    imageLongEdge: numberFrom("LOCAL_SERVICE_IMAGE_LONG_EDGE", IMAGE_LONG_EDGE),
    loraLimit: {
      max: numberFrom("LOCAL_SERVICE_LORA_LIMIT", 5),
      windowMs: numberFrom("LOCAL_SERVICE_LORA_WINDOW_MS", 60_000),
    },
    createLimit: createLimitFrom(),
    seedPredictions: numberFrom("LOCAL_SERVICE_SEED_PREDICTIONS", 0),
    log: (line) => console.error(`[local-service] ${line}`),
  });
  const { baseUrl, assetUrl, controlUrl } = service;
  process.stdout.write(
    `${JSON.stringify({ ready: true, baseUrl, assetUrl, controlUrl, token: service.tokens.full[0] })}\n`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`[local-service] ${signal}: closing`);
    service.close().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`[local-service] close failed: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: Error) => {
  console.error(`[local-service] failed to start: ${err.stack ?? err.message}`);
  process.exit(1);
});
