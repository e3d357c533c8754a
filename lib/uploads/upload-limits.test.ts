import { mkdir, mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, type Db } from "@/lib/db/client";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { MAX_PRODUCT_NAME } from "@/lib/schemas/product";
import { parseProductUpload } from "./parse-product-upload";
import { sweepSpooledUploads } from "./spool";
import { withUploadSlot } from "./upload-slots";

// The upload's limits, each at the limit and one byte (or one item) past it.

let testEnv: ReturnType<typeof useTestEnv>;
let db: Db;
let tmpDir: string;
let png: Buffer;
beforeAll(async () => {
  testEnv = useTestEnv();
  db = await useMemoryDb();
  tmpDir = await mkdtemp(path.join(tmpdir(), "upload-limits-"));
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#39c" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  setDbForTests(null);
  await db.close();
  await rm(tmpDir, { recursive: true, force: true });
  testEnv.cleanup();
});

function form(parts: [string, string | Buffer][]): FormData {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)], { type: "image/png" }), `${name}.png`);
  }
  return data;
}

/** The exact bytes a browser would send for `data`, as a request; and their count. */
async function encoded(data: FormData): Promise<{ request: () => Request; size: number }> {
  const probe = new Request("http://app.test/api/products", { method: "POST", body: data });
  const type = probe.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await probe.arrayBuffer());
  const request = () =>
    new Request("http://app.test/api/products", { method: "POST", body: bytes, headers: { "content-type": type } });
  return { request, size: bytes.byteLength };
}

const fields: [string, string][] = [
  ["template_id", "3"],
  ["name", "Mug"],
];

describe("upload limits", () => {
  it("takes a texture of exactly the file limit, and refuses one byte more with 413", async () => {
    const limit = png.length + 1000;
    const exact = Buffer.concat([png, Buffer.alloc(1000)]);
    const ok = await parseProductUpload(
      (await encoded(form([...fields, ["texture[0]", exact], ["texture[0][key]", "a"]]))).request(),
      { tmpDir, maxFileBytes: limit },
    );
    expect(ok.textures[0].size).toBe(limit);
    await ok.cleanup();
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const refused = parseProductUpload(
      (await encoded(form([...fields, ["texture[0]", over], ["texture[0][key]", "a"]]))).request(),
      { tmpDir, maxFileBytes: limit },
    );
    await expect(refused).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/texture\[0\] \(texture\[0\]\.png\) is larger than/),
    });
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("takes a request of exactly the total limit, and refuses one byte more with 413", async () => {
    const body = await encoded(
      form([...fields, ["texture[0]", png], ["texture[0][key]", "a"], ["texture[1]", png], ["texture[1][key]", "b"]]),
    );
    const ok = await parseProductUpload(body.request(), { tmpDir, maxRequestBytes: body.size });
    expect(ok.textures).toHaveLength(2);
    await ok.cleanup();
    await expect(parseProductUpload(body.request(), { tmpDir, maxRequestBytes: body.size - 1 })).rejects.toMatchObject({
      status: 413,
      message: `The upload is larger than the ${body.size - 1} bytes allowed in one go: send fewer or smaller textures`,
    });
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("refuses a repeated texture[n] or texture[n][key] with 400 and stores nothing", async () => {
    const twice = await encoded(form([...fields, ["texture[0]", png], ["texture[0][key]", "a"], ["texture[0]", png]]));
    await expect(parseProductUpload(twice.request(), { tmpDir })).rejects.toMatchObject({
      status: 400,
      message: "texture[0] was sent twice",
    });
    const keyTwice = await encoded(
      form([...fields, ["texture[0]", png], ["texture[0][key]", "a"], ["texture[0][key]", "b"]]),
    );
    await expect(parseProductUpload(keyTwice.request(), { tmpDir })).rejects.toMatchObject({
      status: 400,
      message: "The field texture[0][key] was sent twice",
    });
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("checks the name by the product schema before any file is stored", async () => {
    let pulled = 0;
    const boundary = "B0UNDARY";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = `${field("template_id", "3")}${field("name", "x".repeat(MAX_PRODUCT_NAME + 1))}--${boundary}\r\nContent-Disposition: form-data; name="texture[0]"; filename="a.png"\r\n\r\n`;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
      pull: (controller) => {
        pulled++;
        controller.enqueue(new Uint8Array(256 * 1024)); // an endless texture
      },
    });
    const request = new Request("http://app.test/", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    await expect(parseProductUpload(request, { tmpDir })).rejects.toMatchObject({
      status: 400,
      message: `Keep the name to ${MAX_PRODUCT_NAME} characters or fewer.`,
    });
    expect(pulled).toBeLessThan(40); // well under 10 MB of the endless file was read
    expect(await readdir(tmpDir)).toEqual([]);
  });
});

describe("upload slots", () => {
  it("lets a person have 2 uploads in progress; the third is refused with 429 until one ends", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withUploadSlot("u1", () => held);
    const second = withUploadSlot("u1", () => held);
    await new Promise((r) => setTimeout(r, 50));
    await expect(withUploadSlot("u1", async () => "third")).rejects.toMatchObject({
      status: 429,
      retryAfter: 5,
      message: "You already have 2 uploads in progress. Wait for one to finish, then try again.",
    });
    expect(await withUploadSlot("u2", async () => "someone else")).toBe("someone else");
    release();
    await Promise.all([first, second]);
    expect(await withUploadSlot("u1", async () => "after")).toBe("after");
    expect(await db.query("SELECT * FROM upload_slots")).toEqual([]);
  });

  it("frees a slot whose row has expired (a process that died mid-upload)", async () => {
    await db.query(
      "INSERT INTO upload_slots (id, user_id, expires_at) VALUES ('a', 'u3', now() - interval '1 second'), ('b', 'u3', now() - interval '1 second')",
    );
    expect(await withUploadSlot("u3", async () => "taken")).toBe("taken");
  });
});

describe("sweepSpooledUploads", () => {
  it("removes every folder at start-up, and later only those older than the age given", async () => {
    const spool = await mkdtemp(path.join(tmpdir(), "spool-"));
    for (const name of ["upload-old", "upload-new"]) await mkdir(path.join(spool, name, "x"), { recursive: true });
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await utimes(path.join(spool, "upload-old"), hourAgo, hourAgo);
    expect(await sweepSpooledUploads(60 * 60 * 1000, spool)).toBe(1);
    expect(await readdir(spool)).toEqual(["upload-new"]);
    expect(await sweepSpooledUploads(0, spool)).toBe(1);
    expect(await readdir(spool)).toEqual([]);
    expect(await sweepSpooledUploads(0, path.join(spool, "missing"))).toBe(0);
    await rm(spool, { recursive: true, force: true });
  });
});
