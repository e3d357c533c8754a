// startLocalService: the local Product Visualization Service — an API port and a separate asset
// origin over one data dir. A stand-in for tests and demos, spoken to over real HTTP.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { assetHandler } from "./assets";
import { resolveConfig, type LocalServiceOptions, type Tokens } from "./config";
import type { Deps } from "./context";
import { ControlState, StartLimiter } from "./control-state";
import { CreateLimit } from "./create-limit";
import { loraProgress, LoraStageLogger } from "./lora";
import { PredictionWorker } from "./prediction-worker";
import { previewProducer } from "./previews";
import { apiRequestHandler } from "./router";
import { ensureFinishedPredictions } from "./seeding";
import { Store } from "./store";

export type { LocalServiceOptions, Tokens } from "./config";

export interface LocalService {
  /** e.g. http://127.0.0.1:4010/api/v1 (includes the prefix). */
  baseUrl: string;
  /** e.g. http://127.0.0.1:4011 (a separate origin). */
  assetUrl: string;
  /** e.g. http://127.0.0.1:4010/_control */
  controlUrl: string;
  tokens: Tokens;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function serve(handler: Handler, log: (line: string) => void): Server {
  return createServer((req, res) => {
    handler(req, res).catch((err: Error) => {
      log(`unhandled: ${err.stack ?? err}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function shut(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections(); // includes sockets held open by "hang" and answers held back by "late"
  });
}

function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  const config = await resolveConfig(options);
  const log = config.log;
  const store = await Store.open(config.dataDir);
  store.onSaveError = (err) => log(`state write failed: ${err.message}`);
  const now = () => Date.now();
  const worker = new PredictionWorker(store, log, now, config.imageLongEdge);
  const deps: Deps = {
    config,
    store,
    control: new ControlState(),
    limiter: new StartLimiter(config.loraLimit.max, config.loraLimit.windowMs),
    createLimit: new CreateLimit(config.createLimit),
    worker,
    loraLog: new LoraStageLogger(log),
    assetUrl: "",
    now,
  };
  if (config.seedPredictions > 0) {
    const added = await ensureFinishedPredictions(store, config.seedPredictions);
    if (added > 0) log(`seeded ${added} finished predictions`);
  }

  const assetServer = serve(assetHandler(store.imagesDir, previewProducer(store.imagesDir)), log);
  const apiServer = serve(apiRequestHandler(deps), log);
  const host = urlHost(config.host);
  try {
    deps.assetUrl = `http://${host}:${await listen(assetServer, config.assetPort, config.host)}`;
    const apiOrigin = `http://${host}:${await listen(apiServer, config.port, config.host)}`;
    for (const product of store.products.values()) {
      if (product.lora && !loraProgress(product.lora, now()).enabled)
        deps.loraLog.watch(product.id, product.lora, now());
    }
    worker.resumeAll();
    log(`listening: api ${apiOrigin}${config.apiPrefix}, assets ${deps.assetUrl}, data ${config.dataDir}`);

    let closing: Promise<void> | null = null;
    return {
      baseUrl: `${apiOrigin}${config.apiPrefix}`,
      assetUrl: deps.assetUrl,
      controlUrl: `${apiOrigin}/_control`,
      tokens: config.tokens,
      close: () =>
        (closing ??= (async () => {
          deps.loraLog.close();
          await Promise.all([shut(apiServer), shut(assetServer)]);
          await worker.close();
          await store.flush();
        })()),
    };
  } catch (err) {
    await Promise.all([shut(apiServer), shut(assetServer)]);
    await store.flush();
    throw err;
  }
}
