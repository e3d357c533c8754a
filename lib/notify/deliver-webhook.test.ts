import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { COULD_NOT_CONNECT, deliverWebhook } from "./deliver-webhook";
import { deliverDue, queueWebhook } from "./outbox";

// A webhook call to this machine or a private network is refused before any connection is made,
// however the address is written or wherever its name resolves; and the admin reads the same
// words for it as for a receiver that is not there. Only loopback receivers are used here.

interface Receiver {
  port: number;
  /** TCP connections accepted, whatever came of them. */
  connections: number;
  paths: string[];
  answer: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { port: 0, connections: 0, paths: [], answer: 200, close: async () => undefined };
  const server = http.createServer((req, res) => {
    receiver.paths.push(req.url ?? "");
    req.resume();
    req.on("end", () =>
      res
        .writeHead(
          receiver.answer,
          receiver.answer === 302 ? { location: `http://127.0.0.1:${receiver.port}/followed` } : {},
        )
        .end(),
    );
  });
  server.on("connection", () => receiver.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

const fakeResolve = (
  name: string,
  callback: (e: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void,
) => callback(null, name === "hooks.rebind.test" ? [{ address: "127.0.0.1", family: 4 }] : []);

const call = (url: string, allowLocalhost: boolean) =>
  deliverWebhook({
    url,
    headers: { "content-type": "application/json" },
    body: "{}",
    timeoutMs: 5_000,
    allowLocalhost,
    resolve: fakeResolve,
  });

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("a webhook call", () => {
  it("to this machine in any spelling, or to a name resolving to it, fails without a connection", async () => {
    const port = receiver.port;
    const urls = [
      `http://127.0.0.1:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://127.1:${port}/hook`,
      `http://[::ffff:7f00:1]:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://localhost.:${port}/hook`,
      `http://hooks.rebind.test:${port}/hook`,
      `https://hooks.rebind.test:${port}/hook`,
    ];
    const before = receiver.connections;
    for (const url of urls) expect(await call(url, false), url).toBe(COULD_NOT_CONNECT);
    expect(receiver.connections).toBe(before);
  });

  it("reads the same for a refused address and for nothing listening, so it maps no ports", async () => {
    const closed = await startReceiver();
    await closed.close();
    expect(await call(`http://127.0.0.1:${closed.port}/hook`, true)).toBe(COULD_NOT_CONNECT);
    expect(await call(`http://127.0.0.1:${closed.port}/hook`, false)).toBe(COULD_NOT_CONNECT);
    expect(await call(`http://127.0.0.1:${receiver.port}/hook`, false)).toBe(COULD_NOT_CONNECT);
  });

  it("reaches a receiver on this machine where that is allowed, and does not follow its redirect", async () => {
    receiver.answer = 200;
    expect(await call(`http://hooks.rebind.test:${receiver.port}/ok`, true)).toBeNull();
    receiver.answer = 302;
    expect(await call(`http://127.0.0.1:${receiver.port}/moved`, true)).toBe("HTTP 302");
    expect(receiver.paths).toEqual(["/ok", "/moved"]);
    receiver.answer = 200;
  });
});

describe("the outbox", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  beforeAll(async () => {
    env = useTestEnv({ WEBHOOK_ALLOW_LOCALHOST: "off" });
    db = await useMemoryDb();
  });
  afterAll(async () => {
    await db.close();
    env.cleanup();
  });

  it("refuses a stored webhook address that points at this machine when it is sent, without connecting", async () => {
    const admin = await createUser({ email: "admin@studio.test", password: "admin-password-long", role: "admin" });
    // Stored as it was before addresses were checked (or by a name that now resolves here).
    await db.query(
      "INSERT INTO webhooks (id, url, events, secret, created_by) VALUES ('whk_old', $1, '[\"shots.ready\"]'::jsonb, 'whsec_x', $2)",
      [`http://2130706433:${receiver.port}/hook`, admin.id],
    );
    const before = receiver.connections;
    await queueWebhook(
      db,
      "whk_old",
      "e1",
      { event: "shots.ready", body: { text: "hello" } },
      new Date("2031-01-01T00:00:00Z"),
    );
    expect(await deliverDue(db, new Date("2031-01-01T00:00:01Z"))).toBe(0);
    const [row] = await db.query<{ last_error: string }>("SELECT last_error FROM deliveries WHERE event_key = 'e1'");
    expect(row.last_error).toBe("could not connect");
    expect(receiver.connections).toBe(before);
  });
});
