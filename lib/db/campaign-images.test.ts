import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { insertCampaign } from "./campaigns";
import { campaignImageCounts, campaignImages, campaignZipProducts } from "./campaign-images";
import { upsertIndexRows } from "./prediction-index";
import { recordProduct } from "./products";
import { recordReview } from "./reviews";
import { insertJobs } from "./shot-jobs";
import { testDatabase } from "./testing";

// The selection of a campaign's ZIP in SQL, on a real (in-memory) database: "all" is every image
// of every shot made, "approved" each image approved in review, whatever its shot's other images.

const t = testDatabase();
const now = new Date("2025-05-01T10:00:00Z");
const asset = (id: string, n: number) => `https://assets.test/${id}-${n}.jpg`;

async function campaignWithShots(): Promise<void> {
  await recordProduct({ id: "jar", name: "Spring Jar", templateId: "1", textureKeys: [], createdBy: null });
  await insertCampaign(
    t.db,
    {
      id: "c1",
      kind: "campaign",
      name: "Spring launch",
      createdBy: null,
      prompts: ["on marble", "in a garden"],
      outputs: [{ aspect_ratio: "4:5", channel: null }],
      variations: 1,
      products: [
        { productId: "mug", state: "ready" },
        { productId: "jar", state: "ready" },
      ],
    },
    now,
  );
  const job = (productId: string, promptIndex: number, prompt: string) =>
    ({
      campaignId: "c1",
      productId,
      promptIndex,
      prompt,
      aspectRatio: "4:5",
      variation: 1,
      priority: 1,
      state: "queued",
      createdBy: null,
    }) as const;
  const ids = await insertJobs(
    t.db,
    [job("mug", 0, "on marble"), job("jar", 0, "on marble"), job("jar", 1, "in a garden")],
    now,
  );
  // Made: the mug's shot (2 images) and the jar's first (3 images); the jar's second still generating (1 image in the index).
  const made = [
    { job: ids[0], id: "pm", product: "mug", prompt: "on marble", images: 2, state: "done" },
    { job: ids[1], id: "pj", product: "jar", prompt: "on marble", images: 3, state: "done" },
    { job: ids[2], id: "pg", product: "jar", prompt: "in a garden", images: 1, state: "generating" },
  ];
  for (const m of made)
    await t.db.query("UPDATE shot_jobs SET state = $2, prediction_id = $3 WHERE id = $1", [m.job, m.state, m.id]);
  await upsertIndexRows(
    made.map((m) => ({
      id: m.id,
      product_id: m.product,
      prompt: m.prompt,
      aspect_ratio: "4:5",
      status: "succeeded",
      images: Array.from({ length: m.images }, (_, n) => asset(m.id, n)),
      date_modification: "2025-05-01 10:00:00",
    })),
    t.db,
  );
  const reviewer = await createUser({ email: "ann@example.com", password: "plum-orchard-41", role: "reviewer" });
  const user = { user: { id: reviewer.id, email: reviewer.email } };
  await recordReview({ predictionId: "pj", imageIndex: 1, action: "approve", ...user });
  await recordReview({ predictionId: "pj", imageIndex: 2, action: "reject", ...user });
  await recordReview({ predictionId: "pg", imageIndex: 0, action: "approve", ...user });
  // An approval of an image the index does not have (past its end) is no image.
  await recordReview({ predictionId: "pm", imageIndex: 5, action: "approve", ...user });
}

describe("a campaign's images for its ZIP", () => {
  beforeAll(campaignWithShots);

  it("answers every image of every shot made, in the campaign's order of products and scenes", async () => {
    const all = await campaignImages(t.db, "c1", "all");
    expect(all.map((r) => [r.product_id, r.prediction_id, r.image_index, r.url])).toEqual([
      ["mug", "pm", 0, asset("pm", 0)],
      ["mug", "pm", 1, asset("pm", 1)],
      ["jar", "pj", 0, asset("pj", 0)],
      ["jar", "pj", 1, asset("pj", 1)],
      ["jar", "pj", 2, asset("pj", 2)],
    ]);
    expect(all[0]).toMatchObject({ prompt: "on marble", aspect_ratio: "4:5" });
    expect(await campaignImageCounts(t.db, "c1", "all")).toEqual(new Map([["4:5", 5]]));
  });

  it("answers only the images approved, one by one", async () => {
    const approved = await campaignImages(t.db, "c1", "approved");
    expect(approved.map((r) => [r.prediction_id, r.image_index])).toEqual([
      ["pj", 1],
      ["pg", 0],
    ]);
    expect(await campaignImageCounts(t.db, "c1", "approved")).toEqual(new Map([["4:5", 2]]));
    expect(await campaignImageCounts(t.db, "nope", "approved")).toEqual(new Map());
  });

  it("names the campaign's products in its order, null for one the app has no record of", async () => {
    expect(await campaignZipProducts(t.db, "c1")).toEqual([
      { product_id: "mug", name: null },
      { product_id: "jar", name: "Spring Jar" },
    ]);
  });
});
