import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export interface LocalServiceInfo {
  baseUrl: string;
  assetUrl: string;
  controlUrl: string;
  token: string;
}

/**
 * Starts local-service/main.ts as its own process and waits for the one JSON line it prints when
 * ready. The token comes from the local service's own config, never from the app's code.
 */
export function startLocalServiceProcess(
  root: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<LocalServiceInfo & { child: ChildProcess; info: LocalServiceInfo }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "local-service", "main.ts")], {
    cwd: root,
    env: { ...process.env, LOCAL_SERVICE_DATA_DIR: dataDir, ...extraEnv } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error("The local service did not start within 60 s.")), 60_000);
    child.on("exit", (code) => reject(new Error(`The local service stopped (exit ${code}) before it was ready.`)));
    lines.on("line", (line) => {
      try {
        const ready = JSON.parse(line) as Partial<LocalServiceInfo> & { ready?: boolean };
        if (ready.ready && ready.baseUrl && ready.assetUrl && ready.controlUrl && ready.token) {
          clearTimeout(timer);
          const info = {
            baseUrl: ready.baseUrl,
            assetUrl: ready.assetUrl,
            controlUrl: ready.controlUrl,
            token: ready.token,
          };
          resolve({ ...info, child, info });
          return;
        }
      } catch {
        // not the ready line
      }
      process.stderr.write(`[local-service] ${line}\n`);
    });
  });
}
