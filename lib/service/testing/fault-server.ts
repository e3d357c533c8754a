import http from "node:http";
import type { AddressInfo } from "node:net";
import { clearServiceCache } from "../coalesce";
import { setRetryTimingForTests } from "../retry";
import { resetEnvForTests } from "@/lib/env";

// Test helpers: a node:http server on a random port whose answers each test scripts, counting
// what it received, and the environment pointing lib/service at it.

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: Received, res: http.ServerResponse) => unknown;

export interface FaultServer {
  origin: string;
  requests: Received[];
  count(methodAndPath?: string): number;
  close(): Promise<void>;
}

export async function startFaultServer(handler: Handler): Promise<FaultServer> {
  const requests: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      void handler(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    count: (m) => (m ? requests.filter((r) => `${r.method} ${r.url}` === m).length : requests.length),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export const TEST_TOKEN = "test-token-s3cr3t-value";

/** Points lib/service at the given addresses, with waits recorded instead of slept. */
export function pointServiceAt(
  baseUrl: string,
  assetUrl = "http://127.0.0.1:1/assets",
  timeoutMs = 2_000,
  token = TEST_TOKEN,
) {
  process.env.PVS_BASE_URL = baseUrl;
  process.env.PVS_ASSET_URL = assetUrl;
  process.env.PVS_API_TOKEN = token;
  process.env.PVS_TIMEOUT_MS = String(timeoutMs);
  process.env.SESSION_SECRET = "x".repeat(32);
  resetEnvForTests();
  clearServiceCache();
  const sleeps: number[] = [];
  setRetryTimingForTests({ sleep: async (ms) => void sleeps.push(ms) });
  return { sleeps };
}
