// What the two-instance tests share: an app instance as a test sees it, requests to it as a
// browser on its own origin would send them, signing in, and waiting on a condition.
import type { ChildProcess } from "node:child_process";

export interface Instance {
  url: string;
  pid: number;
  /** Kills it outright; resolves once the process has exited. */
  kill(): Promise<void>;
}

/**
 * Signals a child process and resolves once it has exited, so a teardown stops the database only
 * after nothing that used it is left running.
 */
export function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  return exited;
}

export interface CallInit {
  method?: string;
  cookie?: string;
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function call(instance: Instance, route: string, init: CallInit = {}): Promise<Response> {
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

/** The session cookie ("name=value") of `email` signed in through `instance`. */
export async function signIn(instance: Instance, admin: { email: string; password: string }): Promise<string> {
  const response = await call(instance, "/api/session", { json: admin });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
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
