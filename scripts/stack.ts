// The real pieces, for the BFF tests and the benchmark: the local service (its own process, on
// ports it picks itself) and the built app (`next start`) pointed at it, each with its own data folder.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import path from "node:path";
import { freePort } from "./free-port";
import { startLocalServiceProcess, type LocalServiceInfo } from "./local-service-process";

export interface Stack {
  appUrl: string;
  app: ChildProcess;
  service: LocalServiceInfo & { child: ChildProcess };
  servicePort: number;
  assetPort: number;
  serviceDataDir: string;
  appDataDir: string;
  admin: { email: string; password: string };
  /**
   * Stops the app server and starts it again on the same port and data (a "first start" with
   * data); SIGKILL stops it the way a crash does, with nothing handed on.
   */
  restartApp(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Folder that receives `local-service/` and `app/` data folders. */
  dataDir: string;
  admin: { email: string; password: string };
  serviceEnv?: Record<string, string>;
  appEnv?: Record<string, string>;
  appStdio?: StdioOptions;
  /** The app's port, when it must be known before the stack starts (a callback registered elsewhere). */
  appPort?: number;
}

export async function waitFor(url: string, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export interface AppOptions {
  service: LocalServiceInfo;
  dataDir: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
  stdio?: StdioOptions;
  /** A given port (a restart keeps its address); a free one when left out. */
  port?: number;
}

/**
 * One app instance (`next start` on a free port) pointed at a running service; several may share
 * one DATABASE_URL. The build must already be current (see build-state.ts buildIfStale).
 */
export async function startApp(root: string, options: AppOptions): Promise<{ appUrl: string; app: ChildProcess }> {
  const appPort = options.port ?? (await freePort());
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const app = spawn(process.execPath, [next, "start", "-p", String(appPort)], {
    cwd: root,
    stdio: options.stdio ?? ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // The app's own port: links in emails and webhooks, and the webhook address check, use it.
      PORT: String(appPort),
      PVS_BASE_URL: options.service.baseUrl,
      PVS_ASSET_URL: options.service.assetUrl,
      PVS_API_TOKEN: options.service.token,
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      ...options.env,
    },
  });
  const appUrl = `http://127.0.0.1:${appPort}`;
  try {
    await waitFor(`${appUrl}/api/health`);
  } catch (error) {
    app.kill("SIGTERM");
    throw error;
  }
  return { appUrl, app };
}

const portOf = (url: string) => Number(new URL(url).port);

/** Starts both; the build must already be current (see build-state.ts buildIfStale). */
export async function startStack(root: string, options: StackOptions): Promise<Stack> {
  const serviceDataDir = path.join(options.dataDir, "local-service");
  const appDataDir = path.join(options.dataDir, "app");
  // The service listens on ports the system gives it and says which in its ready line: no port is
  // picked here and left open for another process to take before the service binds it.
  const service = await startLocalServiceProcess(root, serviceDataDir, {
    ...options.serviceEnv,
    LOCAL_SERVICE_PORT: "0",
    LOCAL_SERVICE_ASSET_PORT: "0",
  });
  const [servicePort, assetPort] = [portOf(service.baseUrl), portOf(service.assetUrl)];
  // The app must know its own port before it starts (links in emails and webhooks name it), so
  // it alone is given a free one.
  const appPort = options.appPort ?? (await freePort());
  const appOptions: AppOptions = {
    service,
    dataDir: appDataDir,
    admin: options.admin,
    env: options.appEnv,
    stdio: options.appStdio,
    port: appPort,
  };
  let started: { appUrl: string; app: ChildProcess };
  try {
    started = await startApp(root, appOptions);
  } catch (error) {
    service.child.kill("SIGTERM");
    throw error;
  }
  const stack: Stack = {
    appUrl: started.appUrl,
    app: started.app,
    service,
    servicePort,
    assetPort,
    serviceDataDir,
    appDataDir,
    admin: options.admin,
    async restartApp(signal = "SIGTERM") {
      const old = stack.app;
      const exited = new Promise((resolve) => old.once("exit", resolve));
      old.kill(signal);
      await exited;
      stack.app = (await startApp(root, appOptions)).app;
    },
    async stop() {
      stack.app.kill("SIGTERM");
      service.child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
    },
  };
  return stack;
}
