import "server-only";
import type { CampaignZipImages } from "@/lib/schemas/campaign-zip-params";
import { shownImage } from "@/lib/service";
import type { Db } from "./client";

// A campaign's images for its ZIP: each image of each shot (one row per image of the gallery's
// index), either every image of every shot made ("all") or only the images approved in review
// ("approved": image_reviews per image, not the gallery's per-shot filter, which matches a shot
// when any one of its images is approved). The index's images array is the truth of how many
// images a shot has: a review of an index past its end matches nothing.

export interface CampaignImageRow {
  prediction_id: string;
  product_id: string;
  prompt: string;
  aspect_ratio: string;
  image_index: number;
  url: string;
}

export interface CampaignZipProduct {
  product_id: string;
  /** null: a product the app has no record of (made outside it). */
  name: string | null;
}

function imagesOf(images: CampaignZipImages): { from: string; where: string } {
  return {
    from: `shot_jobs j
      JOIN prediction_index i ON i.id = j.prediction_id
      CROSS JOIN LATERAL jsonb_array_elements_text(i.images) WITH ORDINALITY AS img(url, n)`,
    where:
      images === "all"
        ? "j.campaign_id = $1 AND j.state = 'done'"
        : `j.campaign_id = $1 AND EXISTS (SELECT 1 FROM image_reviews r
             WHERE r.prediction_id = j.prediction_id AND r.image_index = img.n - 1 AND r.status = 'approved')`,
  };
}

/** How many images of each aspect ratio the selection holds (the ZIP is sized before it is read). */
export async function campaignImageCounts(
  db: Db,
  campaignId: string,
  images: CampaignZipImages,
): Promise<Map<string, number>> {
  const { from, where } = imagesOf(images);
  const rows = await db.query<{ aspect_ratio: string; n: number }>(
    `SELECT j.aspect_ratio, count(*)::int AS n FROM ${from} WHERE ${where} GROUP BY j.aspect_ratio`,
    [campaignId],
  );
  return new Map(rows.map((r) => [r.aspect_ratio, r.n]));
}

/** The selection's images in the campaign's order: product, scene, shot as planned, image. */
export async function campaignImages(
  db: Db,
  campaignId: string,
  images: CampaignZipImages,
): Promise<CampaignImageRow[]> {
  const { from, where } = imagesOf(images);
  const rows = await db.query<CampaignImageRow & { image_index: number | string }>(
    `SELECT j.prediction_id, j.product_id, j.prompt, j.aspect_ratio, (img.n - 1)::int AS image_index, img.url
     FROM ${from} LEFT JOIN campaign_products cp ON cp.campaign_id = j.campaign_id AND cp.product_id = j.product_id
     WHERE ${where}
     ORDER BY cp.position NULLS LAST, j.product_id, j.prompt_index, j.id, img.n`,
    [campaignId],
  );
  // Kept by asset key: fetched from today's asset origin.
  return rows.map((r) => ({ ...r, image_index: Number(r.image_index), url: shownImage(r.url) }));
}

/** The campaign's products in its order, with the names the app knows them by. */
export async function campaignZipProducts(db: Db, campaignId: string): Promise<CampaignZipProduct[]> {
  return db.query<CampaignZipProduct>(
    `SELECT cp.product_id, p.name FROM campaign_products cp LEFT JOIN products p ON p.id = cp.product_id
     WHERE cp.campaign_id = $1 ORDER BY cp.position`,
    [campaignId],
  );
}
