// Channel exports decode images on the server: only the studio's own shots, one bounded decode at
// a time per person's share (issue 19: six parallel exports of a 98-megapixel texture stalled it).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { api, bff, finishedPrediction, loraReadyProduct, signIn } from "./client";
import { cookiesForEveryRole } from "./users";

let reviewer: string;
let shot: { id: string; images: string[] };
let texture: string;

const exportOf = (src: string, extra = "&format=jpeg", cookie = reviewer) =>
  api(`/api/images/download?src=${encodeURIComponent(src)}&name=Export%20limits${extra}`, { cookie });

beforeAll(async () => {
  const editor = await signIn();
  reviewer = (await cookiesForEveryRole("exports")).reviewer;
  const product = await loraReadyProduct(editor, "Export limits jar");
  shot = await finishedPrediction(editor, product.id, "jar on slate", "1:1");
  // A texture-like bomb on the asset origin: 10 000 × 10 000 of one colour, a few hundred KB.
  const name = `tex-bomb-${Date.now()}.png`;
  const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#c33" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(bff().serviceDataDir, "images", name), bomb);
  texture = `${bff().assetUrl}/images/${name}`;
  expect((await fetch(texture, { method: "HEAD" })).status).toBe(200);
}, 120_000);

describe("channel exports", () => {
  it("refuse an image of the asset origin that is no shot of this studio, before fetching it", async () => {
    for (const extra of ["&format=jpeg", "&preset=amazon-main", ""]) {
      const refused = await exportOf(texture, extra);
      expect(refused.status, extra).toBe(404);
      expect(await refused.json()).toEqual({
        error: "Not Found",
        message: "That image is not one of this studio's shots.",
      });
    }
  });

  it("still export a shot the studio made", async () => {
    const made = await exportOf(shot.images[0], "&preset=amazon-main&format=jpeg");
    expect(made.status).toBe(200);
    const meta = await sharp(Buffer.from(await made.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 2000, 2000]);
  });

  it("answer a person's exports beyond 2 at once with 429, Retry-After and words; the next one goes through", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => exportOf(shot.images[0], "&preset=amazon-main&format=png")),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length, statuses.join(",")).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(Number(refused[0].headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused[0].json()).toEqual({
      error: "Too Many Requests",
      message: "You already have 2 images being made for a channel. Wait for one to finish, then try again.",
    });
    expect((await exportOf(shot.images[0])).status).toBe(200);
  });
});
