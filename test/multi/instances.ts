// What the two-instance tests share: an app instance as a test sees it (started, stopped,
// restarted on its port), requests to it as a browser on its own origin would send them, signing
// in, the local service's control API, and waiting on a condition.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import type { LocalServiceInfo } from "../../scripts/local-service-process";
import { startApp, type AppOptions } from "../../scripts/stack";

/** The repository: where the build, the local service and test-results are. */
export const root = path.resolve(__dirname, "..", "..");

export interface Admin {
  email: string;
  password: string;
}

export interface Instance {
  url: string;
  port: number;
  pid: number;
  /** Kills it outright; resolves once the process has exited. */
  kill(): Promise<void>;
  /** Sends SIGTERM (a clean shutdown); resolves with its exit code once the process has exited. */
  stop(): Promise<number | null>;
  /** Stops it (SIGTERM) and starts it again on the same port, with `changes` to how it was started. */
  restart(changes?: Partial<AppOptions>): Promise<void>;
}

/**
 * Signals a child process and resolves with its exit code once it has exited, so a teardown stops
 * the database only after nothing that used it is left running.
 */
export function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<number | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** One app instance (`next start` on the current build); `options` are startApp's. */
export async function startInstance(options: AppOptions): Promise<Instance> {
  const started = await startApp(root, options);
  let app = started.app;
  const instance: Instance = {
    url: started.appUrl,
    port: Number(new URL(started.appUrl).port),
    pid: app.pid ?? 0,
    kill: async () => void (await stopProcess(app, "SIGKILL")),
    stop: () => stopProcess(app, "SIGTERM"),
    async restart(changes = {}) {
      await stopProcess(app, "SIGTERM");
      ({ app } = await startApp(root, { ...options, ...changes, port: instance.port }));
      instance.pid = app.pid ?? 0;
    },
  };
  return instance;
}

export interface CallInit {
  method?: string;
  cookie?: string;
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function call(instance: Pick<Instance, "url">, route: string, init: CallInit = {}): Promise<Response> {
  const headers = new Headers({ origin: instance.url, ...init.headers });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return fetch(`${instance.url}${route}`, {
    method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
    headers,
    body: init.body ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    signal: init.signal,
  });
}

/** The session cookie ("name=value") of `person` signed in through `instance`. */
export async function signIn(instance: Pick<Instance, "url">, person: Admin): Promise<string> {
  const response = await call(instance, "/api/session", { json: person });
  if (response.status !== 200) throw new Error(`sign-in on ${instance.url}: ${response.status}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

/** The local service's control API (seeding, finishing a training, what was made): its JSON answer. */
export async function control(service: LocalServiceInfo, method: string, route: string, body?: unknown) {
  const response = await fetch(`${service.controlUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${route}: ${response.status}`);
  return response.json() as Promise<unknown>;
}

/** `fn`'s first truthy answer, asked every 100 ms. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  tries = 600,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}
