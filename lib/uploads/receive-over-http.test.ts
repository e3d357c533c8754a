import http from "node:http";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { parseProductUpload } from "./index";

// A refused upload over a real connection is answered at once: files that were still being
// written when the refusal came are closed too, so nothing waits on them.

let dir: string;
let server: http.Server;
let url: string;
let env: ReturnType<typeof useTestEnv>;
beforeAll(async () => {
  env = useTestEnv(); // the upload limits come from the environment
  dir = await mkdtemp(path.join(tmpdir(), "over-http-"));
  server = http.createServer((req, res) => {
    const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    const request = new Request("http://app.test/", {
      method: "POST",
      body,
      headers: { "content-type": req.headers["content-type"] ?? "" },
      duplex: "half",
    } as RequestInit);
    parseProductUpload(request, { tmpDir: dir, productFields: false }).then(
      async (upload) => {
        await upload.cleanup();
        res.end(String(upload.textures.length));
      },
      (error: AppError) => {
        res.statusCode = error.status;
        res.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
  env.cleanup();
});

it("answers 413 for one file more than allowed, sent in one small body, and leaves nothing behind", async () => {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c03030" } })
    .png()
    .toBuffer();
  const form = (count: number) => {
    const body = new FormData();
    for (let n = 0; n < count; n++) {
      body.append(`texture[${n}][key]`, `k${n}`);
      body.append(`texture[${n}]`, new Blob([new Uint8Array(small)]), `${n}.png`);
    }
    return body;
  };
  const allowed = await fetch(url, { method: "POST", body: form(12) });
  expect([allowed.status, await allowed.text()]).toEqual([200, "12"]);
  const refused = await fetch(url, { method: "POST", body: form(13), signal: AbortSignal.timeout(10_000) });
  expect([refused.status, await refused.text()]).toEqual([413, "At most 12 texture files can be uploaded at once"]);
  expect(await readdir(dir)).toEqual([]);
});
