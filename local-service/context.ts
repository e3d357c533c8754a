// What every route handler receives: the request, its caller and the service's shared parts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Caller } from "./auth";
import type { Config } from "./config";
import type { ControlState, StartLimiter } from "./control-state";
import type { CreateLimit } from "./create-limit";
import type { LoraStageLogger } from "./lora";
import type { PredictionWorker } from "./prediction-worker";
import type { Store } from "./store";

export interface Deps {
  config: Config;
  store: Store;
  control: ControlState;
  limiter: StartLimiter;
  createLimit: CreateLimit;
  worker: PredictionWorker;
  loraLog: LoraStageLogger;
  /** Origin of the asset server, known once it listens. */
  assetUrl: string;
  now: () => number;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Decoded path parameters in pattern order. */
  params: string[];
  caller: Caller;
}

export type Handler = (ctx: RequestContext, deps: Deps) => Promise<void>;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}
