import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { parseProductUpload, type ParseUploadOptions } from "./index";

// The browser's multipart upload: spooled to disk, paired, checked by its bytes, cleaned up.

let testEnv: ReturnType<typeof useTestEnv>;
let tmpDir: string;
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
beforeAll(async () => {
  testEnv = useTestEnv();
  tmpDir = await mkdtemp(path.join(tmpdir(), "uploads-"));
  const image = sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 200, g: 30, b: 90 } } });
  png = await image.clone().png().toBuffer();
  jpeg = await image.clone().jpeg().toBuffer();
  webp = await image.clone().webp().toBuffer();
});
afterAll(async () => {
  await rm(tmpDir, { recursive: true, force: true });
  testEnv.cleanup();
});

type Entry = [string, string] | [string, Buffer, string, string?];

function request(entries: Entry[], contentType?: string): Request {
  const form = new FormData();
  for (const entry of entries) {
    if (typeof entry[1] === "string") form.append(entry[0], entry[1]);
    else
      form.append(
        entry[0],
        new Blob([new Uint8Array(entry[1])], { type: entry[3] ?? "application/octet-stream" }),
        entry[2],
      );
  }
  const req = new Request("http://app.test/api/products", { method: "POST", body: form });
  if (!contentType) return req;
  return new Request("http://app.test/api/products", {
    method: "POST",
    body: req.body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

async function parse(entries: Entry[], options: Partial<ParseUploadOptions> = {}) {
  return parseProductUpload(request(entries), { tmpDir, ...options });
}

async function refused(entries: Entry[], options: Partial<ParseUploadOptions> = {}): Promise<AppError> {
  const error = await parse(entries, options).then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(await readdir(tmpDir)).toEqual([]); // nothing left behind
  return error as AppError;
}

describe("parseProductUpload", () => {
  it("spools textures to disk, pairs keys sent before or after the file, reports real types", async () => {
    const upload = await parse([
      ["template_id", "3"],
      ["name", " Blue mug "],
      ["texture[1][key]", "back"],
      ["texture[0]", png, "front.png", "image/png"],
      ["texture[0][key]", "front"],
      ["texture[1]", jpeg, "back.jpg", "image/jpeg"],
      ["texture[2]", webp, "side.png", "image/png"], // named .png, really WebP
      ["texture[2][key]", "side"],
    ]);
    expect(upload.fields).toEqual({ template_id: "3", name: "Blue mug" });
    expect(upload.textures.map((t) => [t.key, t.filename, t.contentType, t.size, t.width, t.height])).toEqual([
      ["front", "front.png", "image/png", png.length, 96, 64],
      ["back", "back.jpg", "image/jpeg", jpeg.length, 96, 64],
      ["side", "side.png", "image/webp", webp.length, 96, 64],
    ]);
    expect((await readFile(upload.textures[1].path)).equals(jpeg)).toBe(true);
    expect(upload.textures[0].path.startsWith(tmpDir)).toBe(true);
    await upload.cleanup();
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("refuses a file that is not an image by its bytes, whatever its name and type say", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n");
    const error = await refused([
      ["template_id", "3"],
      ["name", "Mug"],
      ["texture[0]", png, "front.png", "image/png"],
      ["texture[0][key]", "front"],
      ["texture[1]", pdf, "logo.pdf", "image/png"],
      ["texture[1][key]", "logo"],
    ]);
    expect(error).toMatchObject({
      status: 400,
      message:
        "texture[1] (logo.pdf): this file’s contents are not a readable image. Choose a PNG, JPEG or WebP image.",
    });
  });

  it("refuses GIF, and a file with PNG's magic number but no PNG behind it", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect(
      (
        await refused([
          ["template_id", "3"],
          ["name", "M"],
          ["texture[0]", gif, "a.gif"],
          ["texture[0][key]", "k"],
        ])
      ).status,
    ).toBe(400);
    const fake = Buffer.concat([png.subarray(0, 8), Buffer.from("not really a png at all")]);
    const error = await refused([
      ["template_id", "3"],
      ["name", "M"],
      ["texture[0]", fake, "a.png"],
      ["texture[0][key]", "k"],
    ]);
    expect(error.message).toMatch(/texture\[0\] \(a\.png\) looks like PNG but cannot be read/);
  });

  it.each<[string, Entry[], RegExp]>([
    ["template_id", [["name", "M"]], /template_id is required/],
    ["name", [["template_id", "3"]], /name is required/],
    [
      "template_id before its files",
      [
        ["name", "M"],
        ["texture[0]", Buffer.alloc(0), "a.png"],
        ["texture[0][key]", "k"],
      ],
      /name and template must come before its texture files/,
    ],
    [
      "a texture",
      [
        ["template_id", "3"],
        ["name", "M"],
      ],
      /At least one texture/,
    ],
    [
      "a key",
      [
        ["template_id", "3"],
        ["name", "M"],
        ["texture[0]", Buffer.alloc(0), "a.png"],
      ],
      /texture\[0\]\[key\]/,
    ],
    [
      "a file for a key",
      [
        ["template_id", "3"],
        ["name", "M"],
        ["texture[3][key]", "k"],
      ],
      /without a texture\[3\] file/,
    ],
    [
      "an expected file field",
      [
        ["template_id", "3"],
        ["name", "M"],
        ["avatar", Buffer.alloc(3), "a.png"],
      ],
      /Unexpected file field/,
    ],
  ])("refuses an upload without %s: 400", async (_what, entries, message) => {
    const error = await refused(entries);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it("refuses a slot filled twice", async () => {
    const error = await refused([
      ["template_id", "3"],
      ["name", "M"],
      ["texture[0]", png, "a.png"],
      ["texture[0][key]", "front"],
      ["texture[1]", png, "b.png"],
      ["texture[1][key]", "front"],
    ]);
    expect(error.message).toMatch(/"front" is filled twice/);
  });

  it("refuses a file over the limit with 413 and leaves nothing behind", async () => {
    const big = Buffer.concat([png, Buffer.alloc(200_000)]);
    const error = await refused(
      [
        ["template_id", "3"],
        ["name", "M"],
        ["texture[0]", png, "a.png"],
        ["texture[0][key]", "a"],
        ["texture[1]", big, "big.png"],
        ["texture[1][key]", "b"],
      ],
      { maxFileBytes: 100_000 },
    );
    expect(error).toMatchObject({ status: 413, message: "texture[1] (big.png) is larger than the 100000 bytes limit" });
  });

  it("stops reading a streamed body as soon as a file passes the limit", async () => {
    const boundary = "BOUNDARY123";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = `${field("template_id", "3")}${field("name", "Mug")}--${boundary}\r\nContent-Disposition: form-data; name="texture[0]"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`;
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(new Uint8Array(png));
      },
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk); // an endless file
      },
    });
    const req = new Request("http://app.test/", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    await expect(
      parseProductUpload(req, { tmpDir, maxFileBytes: 4 * 1024 * 1024, maxRequestBytes: 64 * 1024 * 1024 }),
    ).rejects.toMatchObject({ status: 413 });
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("refuses more files than allowed with 413", async () => {
    const entries: Entry[] = [
      ["template_id", "3"],
      ["name", "M"],
    ];
    for (let i = 0; i < 3; i++) entries.push([`texture[${i}]`, png, `${i}.png`], [`texture[${i}][key]`, `k${i}`]);
    expect((await refused(entries, { maxFiles: 2 })).status).toBe(413);
  });

  it("refuses a body that is not multipart with 415, and a broken one with 400", async () => {
    const json = new Request("http://app.test/", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await expect(parseProductUpload(json, { tmpDir })).rejects.toMatchObject({ status: 415 });
    const truncated = new Request("http://app.test/", {
      method: "POST",
      body: '--XYZ\r\nContent-Disposition: form-data; name="template_id"\r\n\r\n3\r\n--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nMug\r\n--XYZ\r\nContent-Disposition: form-data; name="texture[0]"; filename="a.png"\r\n\r\nabc',
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
    });
    await expect(parseProductUpload(truncated, { tmpDir })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/malformed/),
    });
    const noBoundary = request([["name", "M"]], "multipart/form-data");
    await expect(parseProductUpload(noBoundary, { tmpDir })).rejects.toMatchObject({ status: 400 });
    expect(await readdir(tmpDir)).toEqual([]);
  });

  describe("decodes every texture before it is taken", () => {
    const one = (bytes: Buffer, name = "label.png"): Entry[] => [
      ["template_id", "1"],
      ["name", "Bottle"],
      ["texture[0]", bytes, name, "image/png"],
      ["texture[0][key]", "label"],
    ];
    const noisy = (width: number, height: number) =>
      sharp({
        create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
      });

    it("refuses a pixel bomb from its header, before decoding, naming the slot", async () => {
      // 6400 × 6400: 41 megapixels, a few hundred KB of one colour.
      const bomb = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      expect((await refused(one(bomb))).message).toBe(
        "The texture for “label” is too large: 6400 × 6400 pixels (41 megapixels). Textures can be at most 8192 pixels on a side and 40 megapixels.",
      );
      const wide = await sharp({ create: { width: 8193, height: 64, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      expect((await refused(one(wide))).message).toMatch(/^The texture for “label” is too large: 8193 × 64 pixels/);
    });

    it("refuses needle-thin and tiny images", async () => {
      const thin = await sharp({ create: { width: 1, height: 100_000, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      const error = await refused(one(thin));
      expect([error.status, error.message]).toEqual([
        400,
        "The texture for “label” is 1 × 100000 pixels: each side must be from 64 to 8192 pixels.",
      ]);
      const tiny = await sharp({ create: { width: 63, height: 64, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      expect((await refused(one(tiny))).message).toBe(
        "The texture for “label” is 63 × 64 pixels: each side must be from 64 to 8192 pixels.",
      );
    });

    it("refuses a truncated PNG and a truncated JPEG, whose headers read fine", async () => {
      const cut = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.6));
      const png = await noisy(256, 256).png().toBuffer();
      const jpeg = await noisy(256, 256).jpeg().toBuffer();
      expect((await refused(one(cut(png)))).message).toBe(
        "The texture for “label” is damaged: the PNG cannot be read to its end. Export it again and choose it once more.",
      );
      expect((await refused(one(cut(jpeg), "label.jpg"))).message).toBe(
        "The texture for “label” is damaged: the JPEG cannot be read to its end. Export it again and choose it once more.",
      );
    });

    it("takes a whole texture at the bounds, and one with padding after its end", async () => {
      const atBounds = await sharp({ create: { width: 8192, height: 64, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      const padded = Buffer.concat([await noisy(64, 64).png().toBuffer(), Buffer.alloc(4096)]);
      const upload = await parse([
        ["template_id", "1"],
        ["name", "Bottle"],
        ["texture[0]", atBounds, "a.png", "image/png"],
        ["texture[0][key]", "a"],
        ["texture[1]", padded, "b.png", "image/png"],
        ["texture[1][key]", "b"],
      ]);
      expect(upload.textures.map((t) => [t.width, t.height])).toEqual([
        [8192, 64],
        [64, 64],
      ]);
      await upload.cleanup();
    });
  });
});
