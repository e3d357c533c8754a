import busboy from "busboy";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createProduct, type TextureFile } from "./index";
import {
  json,
  startFaultServer,
  TEST_TOKEN,
  pointServiceAt,
  type FaultServer,
  type Received,
} from "./testing/fault-server";

// The product upload streams spooled files to the service: received intact, never retried.

let dir: string;
let textures: TextureFile[];
const contents = [randomBytes(3 * 1024 * 1024 + 17), randomBytes(1234), Buffer.alloc(0)];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "create-product-"));
  textures = await Promise.all(
    contents.map(async (bytes, i) => {
      const file = path.join(dir, `f${i}`);
      await writeFile(file, bytes);
      return { key: `slot-${i}`, filename: `tex "${i}".png`, contentType: "image/png", path: file, size: bytes.length };
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Parsed {
  fields: Record<string, string>;
  files: Record<string, { filename: string; mimeType: string; bytes: Buffer }>;
}

function parseMultipart(req: Received): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const parsed: Parsed = { fields: {}, files: {} };
    const bb = busboy({ headers: { "content-type": req.headers["content-type"] ?? "" } });
    bb.on("field", (name, value) => (parsed.fields[name] = value));
    bb.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on(
        "end",
        () =>
          (parsed.files[name] = {
            filename: info.filename ?? "",
            mimeType: info.mimeType,
            bytes: Buffer.concat(chunks),
          }),
      );
    });
    bb.on("close", () => resolve(parsed));
    bb.on("error", reject);
    Readable.from([req.body]).pipe(bb);
  });
}

describe("createProduct", () => {
  it("streams every field and file to POST /product/, received intact", async () => {
    server = await startFaultServer((_req, res) => json(res, 201, { id: 99, extra: "x" }));
    pointServiceAt(`${server.origin}/api/v1`);
    const progress: Array<[number, number]> = [];
    const product = await createProduct(
      { template_id: "3", name: "Blue mug", textures },
      { onProgress: (sent, total) => progress.push([sent, total]) },
    );
    expect(product).toEqual({ id: "99", lora_enabled: 0, name: "Blue mug", template_id: "3" });

    const req = server.requests[0];
    expect(`${req.method} ${req.url}`).toBe("POST /api/v1/product/");
    expect(req.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(Number(req.headers["content-length"])).toBe(req.body.length);
    const parsed = await parseMultipart(req);
    expect(parsed.fields).toEqual({
      template_id: "3",
      name: "Blue mug",
      "texture[0][key]": "slot-0",
      "texture[1][key]": "slot-1",
      "texture[2][key]": "slot-2",
    });
    contents.forEach((bytes, i) => {
      const file = parsed.files[`texture[${i}]`];
      expect(file.mimeType).toBe("image/png");
      expect(file.filename).toBe(`tex %22${i}%22.png`);
      expect(file.bytes.equals(bytes)).toBe(true);
    });
    expect(progress.at(-1)).toEqual([req.body.length, req.body.length]);
    expect(progress.length).toBeGreaterThan(10);
  });

  it("is never retried after a 503, and passes a service error through", async () => {
    server = await startFaultServer((req, res) =>
      server!.count() === 1
        ? (res.writeHead(503, { "content-type": "text/html" }), res.end("<html>busy</html>"))
        : json(res, 400, { error: "Bad Request", message: "template_id is unknown" }),
    );
    pointServiceAt(`${server.origin}/api/v1`);
    const first = await createProduct({ template_id: "3", name: "x", textures }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AppError);
    expect((first as AppError).status).toBe(502);
    expect(server.count()).toBe(1);
    await expect(createProduct({ template_id: "3", name: "x", textures })).rejects.toMatchObject({
      status: 400,
      message: "template_id is unknown",
      fromService: true,
    });
    expect(server.count()).toBe(2);
  });

  it("takes an answer sent before the body was read, and requires an id in it", async () => {
    const early = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify({ name: "no id" }));
    });
    await new Promise<void>((resolve) => early.listen(0, "127.0.0.1", resolve));
    pointServiceAt(`http://127.0.0.1:${(early.address() as AddressInfo).port}/api/v1`);
    try {
      await expect(createProduct({ template_id: "3", name: "x", textures })).rejects.toMatchObject({ status: 502 });
    } finally {
      early.closeAllConnections();
      early.close();
    }
  });

  it("reports a service that is down as 503", async () => {
    const down = http.createServer();
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    pointServiceAt(`http://127.0.0.1:${port}/api/v1`);
    await expect(createProduct({ template_id: "3", name: "x", textures })).rejects.toMatchObject({ status: 503 });
  });

  it("times out a service that never answers: 504, and says the product may exist", async () => {
    server = await startFaultServer(() => undefined);
    pointServiceAt(`${server.origin}/api/v1`, undefined, 200);
    await expect(createProduct({ template_id: "3", name: "x", textures })).rejects.toMatchObject({
      status: 504,
      message: expect.stringMatching(/may still have been created/),
    });
    expect(server.count()).toBe(1);
  });

  it("refuses an unsafe template id before sending anything", async () => {
    server = await startFaultServer((_req, res) => json(res, 200, { id: 1 }));
    pointServiceAt(`${server.origin}/api/v1`);
    await expect(createProduct({ template_id: "../x", name: "x", textures })).rejects.toMatchObject({ status: 400 });
    expect(server.count()).toBe(0);
  });
});
