import "server-only";
import { campaignImageCounts, campaignImages, campaignZipProducts } from "@/lib/db/campaign-images";
import { getCampaignRecord } from "@/lib/db/campaigns";
import { AppError } from "@/lib/errors";
import type { ZipEntry } from "@/lib/images/zip-archive";
import type { CampaignZipImages } from "@/lib/schemas/campaign-zip-params";
import type { EngineContext } from "./context";
import { assertZipFits, campaignZipEntries, campaignZipName, zipFileCount } from "./zip-plan";

// A campaign's ZIP, planned before its first byte is sent (afterwards no error status is
// possible): the campaign must exist, hold something to send and fit the bound, and only then are
// its rows read. A batch (kind `batch`: a person's shots from the product page) is not listed
// among campaigns, but GET /api/campaigns/{id} answers it and it exports the same way: refusing
// it would protect nothing.

export interface CampaignZip {
  fileName: string;
  entries: ZipEntry[];
}

export async function planCampaignZip(
  ctx: Pick<EngineContext, "db">,
  campaignId: string,
  images: CampaignZipImages,
): Promise<CampaignZip> {
  const campaign = await getCampaignRecord(ctx.db, campaignId);
  if (!campaign) throw new AppError("not_found", "This campaign does not exist (it may have been deleted).");
  const files = zipFileCount(await campaignImageCounts(ctx.db, campaignId, images), campaign.outputs);
  if (files === 0) {
    throw new AppError(
      "conflict",
      images === "approved"
        ? `Nothing of “${campaign.name}” is approved yet. Approve its images in the review queue, or download every image made (images=all).`
        : `No image of “${campaign.name}” has been made yet. Download it once its first shots are ready.`,
    );
  }
  assertZipFits(files, images);
  const [rows, products] = await Promise.all([
    campaignImages(ctx.db, campaignId, images),
    campaignZipProducts(ctx.db, campaignId),
  ]);
  return {
    fileName: campaignZipName(campaign.name, images),
    entries: campaignZipEntries(rows, campaign.outputs, products),
  };
}
