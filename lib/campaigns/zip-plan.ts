import type { CampaignImageRow, CampaignZipProduct } from "@/lib/db/campaign-images";
import type { ChannelPresetId } from "@/lib/schemas/channel-presets";
import { slug } from "@/lib/images/file-names";
import type { ZipEntry } from "@/lib/images/zip-archive";
import type { CampaignOutput } from "@/lib/schemas/campaign-plan";
import { MAX_CAMPAIGN_ZIP_FILES, type CampaignZipImages } from "@/lib/schemas/campaign-zip-params";
import { AppError } from "@/lib/errors";
import { isAspectRatio } from "@/lib/types";

// How a campaign's images are laid out in its ZIP: `<product>/<output>/<file>`. An output chosen as
// a channel is the preset's folder, each image made at the preset's size; an output chosen as a
// ratio is `16x9`, the original file. A shot serves every output of its ratio, so it is written
// into each of their folders (the archive fetches it once: its entries sit side by side).

/** The folder of one output: the channel preset's id, or the ratio written `16x9`. */
export function outputFolder(output: CampaignOutput): string {
  return output.channel ?? output.aspect_ratio.replace(":", "x");
}

/**
 * Each product's folder: its name as a slug. Two products whose names make the same slug (or two
 * the app has no name for) get `-2`, `-3` in the campaign's order, so none is merged with another.
 */
export function productFolders(products: readonly CampaignZipProduct[]): Map<string, string> {
  const folders = new Map<string, string>();
  const taken = new Set<string>();
  for (const { product_id, name } of products) {
    const base = slug(name ?? "") || `product-${slug(product_id) || "unnamed"}`;
    let folder = base;
    for (let n = 2; taken.has(folder); n++) folder = `${base}-${n}`;
    taken.add(folder);
    folders.set(product_id, folder);
  }
  return folders;
}

/** Files the ZIP will hold: each image once per output of its ratio. */
export function zipFileCount(imagesByRatio: ReadonlyMap<string, number>, outputs: readonly CampaignOutput[]): number {
  return outputs.reduce((sum, output) => sum + (imagesByRatio.get(output.aspect_ratio) ?? 0), 0);
}

/** Refuses a ZIP of more than `max` files, in words that say what to do instead. */
export function assertZipFits(files: number, images: CampaignZipImages, max = MAX_CAMPAIGN_ZIP_FILES): void {
  if (files <= max) return;
  const instead =
    images === "all"
      ? "Download only its approved images (images=approved), or pick images in the gallery filtered to this campaign and download them in parts."
      : "Pick images in the gallery filtered to this campaign and download them in parts.";
  throw new AppError(
    "bad_request",
    `This ZIP would hold ${files.toLocaleString("en")} files (each image once per output of its ratio); a campaign ZIP holds at most ${max.toLocaleString("en")}. ${instead}`,
  );
}

/** The ZIP's entries, in the order of `rows`, each image followed by its copies for its ratio's other outputs. */
export function campaignZipEntries(
  rows: readonly CampaignImageRow[],
  outputs: readonly CampaignOutput[],
  products: readonly CampaignZipProduct[],
): ZipEntry[] {
  const folders = productFolders(products);
  const names = new Map(products.map((p) => [p.product_id, p.name]));
  const entries: ZipEntry[] = [];
  for (const row of rows) {
    // Every shot's product is one of the campaign's; the fallback only keeps a stray row apart.
    const product = folders.get(row.product_id) ?? `product-${slug(row.product_id)}`;
    const view = {
      id: row.prediction_id,
      product_name: names.get(row.product_id) ?? null,
      prompt: row.prompt,
      aspect_ratio: isAspectRatio(row.aspect_ratio) ? row.aspect_ratio : null,
    };
    for (const output of outputs) {
      if (output.aspect_ratio !== row.aspect_ratio) continue;
      entries.push({
        view,
        imageIndex: row.image_index,
        url: row.url,
        folder: `${product}/${outputFolder(output)}`,
        ...(output.channel ? { exporting: { preset: output.channel as ChannelPresetId } } : {}),
      });
    }
  }
  return entries;
}

/** The ZIP's file name: the campaign's name as a slug and what it holds, `spring-launch-approved.zip`. */
export function campaignZipName(campaignName: string, images: CampaignZipImages): string {
  return `${slug(campaignName) || "campaign"}-${images}.zip`;
}
