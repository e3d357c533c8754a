// Options of the local service with their defaults, and the token file kept in the data dir.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CreateLimitSetting } from "./create-limit";
import { IMAGE_LONG_EDGE } from "./format";

export interface Tokens {
  full: string[];
  readOnly: string[];
}

export interface LocalServiceOptions {
  /** All state lives here and survives a restart. */
  dataDir: string;
  host?: string;
  /** API port; 0 = random free port. */
  port?: number;
  /** Asset origin port (a separate origin); 0 = random free port. */
  assetPort?: number;
  apiPrefix?: string;
  /** Default: generated once and kept in dataDir/tokens.json. */
  tokens?: Tokens;
  loraMs?: number;
  predictionMs?: number;
  /**
   * Long edge of generated images in pixels (1536). A benchmark that makes hundreds of shots on
   * the app's own machine draws them smaller, so that the service's drawing keeps its timings.
   */
  imageLongEdge?: number;
  /** generate-lora starts allowed per window, per token. */
  loraLimit?: { max: number; windowMs: number };
  /** Prediction creates allowed per fixed window, per token (null: no limit); the control API can change it. */
  createLimit?: CreateLimitSetting | null;
  /** Ensure at least this many finished predictions exist. */
  seedPredictions?: number;
  log?: (line: string) => void;
}

export type Config = Required<Omit<LocalServiceOptions, "tokens">> & { tokens: Tokens };

export async function resolveConfig(options: LocalServiceOptions): Promise<Config> {
  const apiPrefix = (options.apiPrefix ?? "/api/v1").replace(/\/+$/, "");
  return {
    dataDir: path.resolve(options.dataDir),
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    assetPort: options.assetPort ?? 0,
    apiPrefix: apiPrefix.startsWith("/") ? apiPrefix : `/${apiPrefix}`,
    tokens: options.tokens ?? (await loadOrCreateTokens(options.dataDir)),
    loraMs: options.loraMs ?? 20_000,
    predictionMs: options.predictionMs ?? 4_000,
    imageLongEdge: options.imageLongEdge ?? IMAGE_LONG_EDGE,
    loraLimit: options.loraLimit ?? { max: 5, windowMs: 60_000 },
    createLimit: options.createLimit ?? null,
    seedPredictions: options.seedPredictions ?? 0,
    log: options.log ?? (() => {}),
  };
}

/** Tokens are issued by "the administrator": here, generated once per data dir and kept there. */
export async function loadOrCreateTokens(dataDir: string): Promise<Tokens> {
  const file = path.join(dataDir, "tokens.json");
  try {
    const tokens = JSON.parse(await readFile(file, "utf8")) as Tokens;
    if (Array.isArray(tokens.full) && Array.isArray(tokens.readOnly) && tokens.full.length > 0) return tokens;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const tokens: Tokens = {
    full: [`lsk_full_${randomBytes(18).toString("hex")}`],
    readOnly: [`lsk_read_${randomBytes(18).toString("hex")}`],
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(tokens, null, 2), { mode: 0o600 });
  return tokens;
}
