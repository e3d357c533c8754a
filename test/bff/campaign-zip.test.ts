// A campaign's ZIP (GET /api/campaigns/{id}/zip) against the built app and the local service: a
// real campaign made by the shot engine, reviewed through the API, downloaded and unzipped.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignView } from "@/lib/api-types";
import { api, loraReadyProduct, signIn, until } from "./client";
import { cookiesForEveryRole } from "./users";

const tmp = mkdtempSync(path.join(tmpdir(), "studio-campaign-zip-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let cookie: string;
let reviewer: string;
let campaign: CampaignView;
const [MARBLE, GARDEN] = ["on a marble counter", "in a spring garden"];

/** Every entry of a ZIP by name, after `unzip -t` has checked every entry's CRC. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const file = path.join(tmp, `${Date.now()}-${Math.random()}.zip`);
  writeFileSync(file, zip);
  execFileSync("unzip", ["-tq", file]);
  const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
  const out = path.join(tmp, path.basename(file, ".zip"));
  execFileSync("unzip", ["-q", file, "-d", out]);
  return new Map(names.map((name) => [name, readFileSync(path.join(out, name))]));
}

const zipOf = (id: string, query = "", who = cookie) =>
  api(`/api/campaigns/${encodeURIComponent(id)}/zip${query}`, { cookie: who });
const cellOf = (prompt: string) => campaign.cells.find((c) => campaign.prompts[c.prompt_index] === prompt)!;
const imagesOf = async (predictionId: string): Promise<string[]> =>
  (await (await api(`/api/predictions/${predictionId}`, { cookie })).json()).images;
const numbered = (folder: string, base: string, count: number) =>
  Array.from({ length: count }, (_, n) => `${folder}/${base}-${n + 1}.jpg`);

beforeAll(async () => {
  cookie = await signIn();
  reviewer = (await cookiesForEveryRole("campaign-zip")).reviewer;
  const product = await loraReadyProduct(cookie, "Zip Campaign Jar");
  // One ratio and one channel of that same ratio: every shot serves both outputs.
  const started = await api("/api/campaigns", {
    cookie,
    json: {
      name: "Spring launch",
      product_ids: [product.id],
      prompts: [MARBLE, GARDEN],
      aspect_ratios: ["4:5"],
      channels: ["instagram-portrait"],
    },
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const { id } = (await started.json()) as CampaignView;
  campaign = await until(
    async () => {
      const view = (await (await api(`/api/campaigns/${id}`, { cookie })).json()) as CampaignView;
      return view.status === "done" ? view : null;
    },
    "the campaign to be done",
    300,
  );
}, 120_000);

describe("a campaign's ZIP", () => {
  it("says in words that nothing is approved yet, and refuses unknown campaigns and choices", async () => {
    const nothing = await zipOf(campaign.id);
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toEqual({
      error: "Conflict",
      message:
        "Nothing of “Spring launch” is approved yet. Approve its images in the review queue, or download every image made (images=all).",
    });
    const unknown = await zipOf("camp_nope", "?images=all");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "Not Found",
      message: "This campaign does not exist (it may have been deleted).",
    });
    const bad = await zipOf(campaign.id, "?images=some");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("images must be approved or all");
    expect((await api(`/api/campaigns/${campaign.id}/zip`)).status).toBe(401);
  });

  it("holds only the approved image, in its product's folder once per output, the channel's copy at the preset's size", async () => {
    const shot = cellOf(MARBLE);
    const images = await imagesOf(shot.prediction_id!);
    const approvedIndex = images.length - 1;
    const review = await api(`/api/predictions/${shot.prediction_id}/reviews`, {
      cookie: reviewer,
      json: { image_index: approvedIndex, action: "approve" },
    });
    expect(review.status).toBe(201);

    // A reviewer may download.
    const response = await zipOf(campaign.id, "", reviewer);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="spring-launch-approved.zip"');
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual([
      "zip-campaign-jar/4x5/zip-campaign-jar-on-a-marble-counter-4x5-1.jpg",
      "zip-campaign-jar/instagram-portrait/zip-campaign-jar-on-a-marble-counter-4x5-instagram-portrait-1.jpg",
    ]);
    // The ratio's folder holds the original file itself: the approved image, not another.
    const original = entries.get("zip-campaign-jar/4x5/zip-campaign-jar-on-a-marble-counter-4x5-1.jpg")!;
    const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(original.equals(await bytesOf(images[approvedIndex]))).toBe(true);
    for (const other of images.slice(0, approvedIndex)) expect(original.equals(await bytesOf(other))).toBe(false);
    const copy = await sharp(
      entries.get(
        "zip-campaign-jar/instagram-portrait/zip-campaign-jar-on-a-marble-counter-4x5-instagram-portrait-1.jpg",
      )!,
    ).metadata();
    expect([copy.format, copy.width, copy.height]).toEqual(["jpeg", 1080, 1350]);
  });

  it("holds every image of every shot with images=all, each in both output folders", async () => {
    const response = await zipOf(campaign.id, "?images=all");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="spring-launch-all.zip"');
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    const [marble, garden] = [cellOf(MARBLE).images, cellOf(GARDEN).images];
    expect([...entries.keys()].sort()).toEqual(
      [
        ...numbered("zip-campaign-jar/4x5", "zip-campaign-jar-on-a-marble-counter-4x5", marble),
        ...numbered("zip-campaign-jar/4x5", "zip-campaign-jar-in-a-spring-garden-4x5", garden),
        ...numbered(
          "zip-campaign-jar/instagram-portrait",
          "zip-campaign-jar-on-a-marble-counter-4x5-instagram-portrait",
          marble,
        ),
        ...numbered(
          "zip-campaign-jar/instagram-portrait",
          "zip-campaign-jar-in-a-spring-garden-4x5-instagram-portrait",
          garden,
        ),
      ].sort(),
    );
    for (const [name, bytes] of entries) {
      const meta = await sharp(bytes).metadata();
      if (name.includes("/instagram-portrait/")) expect([meta.width, meta.height]).toEqual([1080, 1350]);
      else expect(Math.abs((meta.width ?? 0) / (meta.height ?? 1) - 4 / 5)).toBeLessThan(0.01);
    }
  });
});
