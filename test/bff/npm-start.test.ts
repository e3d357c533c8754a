// `npm start` as the README runs it, stopped the way people stop a program they started in the
// background: `kill <pid>` of the npm process. npm and its shell do not pass the signal on, so the
// launcher must notice it was left behind and stop the app and the local service it started.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const tmp = mkdtempSync(path.join(tmpdir(), "studio-npm-start-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

async function until(what: string, check: () => Promise<boolean>, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    if (await check()) return;
  }
  throw new Error(`${what} within ${ms} ms`);
}

describe("npm start", () => {
  it("stops the app and the local service when the npm process it was started from is killed", async () => {
    const port = await freePort();
    const npm = spawn("npm", ["start"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: path.join(tmp, "data"),
        SHUTDOWN_GRACE_MS: "2000",
        PVS_BASE_URL: "",
        LOCAL_SERVICE_PORT: "0",
        LOCAL_SERVICE_ASSET_PORT: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString("utf8")));
    npm.stderr!.on("data", (chunk: Buffer) => void (output += chunk.toString("utf8")));
    try {
      await until("ready", async () => output.includes("Product Studio is ready"), 90_000);
      const service = /Local service: (http:\/\/\S+)/.exec(output)![1];
      expect(await answers(`http://127.0.0.1:${port}/api/health`)).toBe(true);
      expect(await answers(service)).toBe(true);

      npm.kill("SIGTERM");
      await until("the app stopped", async () => !(await answers(`http://127.0.0.1:${port}/api/health`)), 30_000);
      await until("the local service stopped", async () => !(await answers(service)), 30_000);
    } finally {
      npm.kill("SIGKILL");
    }
  }, 150_000);
});
