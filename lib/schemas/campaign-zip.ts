import { z } from "zod";
import { CAMPAIGN_ZIP_IMAGES } from "./campaign-zip-params";
import { emptyToUndefined } from "./query-params";

/** GET /api/campaigns/{id}/zip?images=approved|all (approved when left out). */
export const campaignZipQuerySchema = z.object({
  images: z.preprocess(
    emptyToUndefined,
    z.enum(CAMPAIGN_ZIP_IMAGES, { message: "images must be approved or all" }).default("approved"),
  ),
});
