// The real pieces on free ports, for the BFF tests and the benchmark: the local service (its own
// process) and the built app (`next start`) pointed at it, each with its own data folder.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
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
  /** Stops the app server and starts it again on the same port and data (a "first start" with data). */
  restartApp(): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Folder that receives `local-service/` and `app/` data folders. */
  dataDir: string;
  admin: { email: string; password: string };
  serviceEnv?: Record<string, string>;
  appEnv?: Record<string, string>;
  appStdio?: StdioOptions;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
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

/** Starts both; the build must already be current (see build-state.ts buildIfStale). */
export async function startStack(root: string, options: StackOptions): Promise<Stack> {
  const [servicePort, assetPort, appPort] = [await freePort(), await freePort(), await freePort()];
  const serviceDataDir = path.join(options.dataDir, "local-service");
  const appDataDir = path.join(options.dataDir, "app");
  const service = await startLocalServiceProcess(root, serviceDataDir, {
    ...options.serviceEnv,
    LOCAL_SERVICE_PORT: String(servicePort),
    LOCAL_SERVICE_ASSET_PORT: String(assetPort),
  });
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const startApp = () =>
    spawn(process.execPath, [next, "start", "-p", String(appPort)], {
      cwd: root,
      stdio: options.appStdio ?? ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PVS_BASE_URL: service.baseUrl,
        PVS_ASSET_URL: service.assetUrl,
        PVS_API_TOKEN: service.token,
        DATA_DIR: appDataDir,
        ADMIN_EMAIL: options.admin.email,
        ADMIN_PASSWORD: options.admin.password,
        ...options.appEnv,
      },
    });
  const appUrl = `http://127.0.0.1:${appPort}`;
  const stack: Stack = {
    appUrl,
    app: startApp(),
    service,
    servicePort,
    assetPort,
    serviceDataDir,
    appDataDir,
    admin: options.admin,
    async restartApp() {
      const old = stack.app;
      const exited = new Promise((resolve) => old.once("exit", resolve));
      old.kill("SIGTERM");
      await exited;
      stack.app = startApp();
      await waitFor(`${appUrl}/api/health`);
    },
    async stop() {
      stack.app.kill("SIGTERM");
      service.child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
    },
  };
  try {
    await waitFor(`${appUrl}/api/health`);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
