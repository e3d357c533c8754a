// A campaign's ZIP (GET /api/campaigns/{id}/zip), without zod: the campaign pages link to it.

/** approved: the images approved in review; all: every image of every shot made. */
export const CAMPAIGN_ZIP_IMAGES = ["approved", "all"] as const;
export type CampaignZipImages = (typeof CAMPAIGN_ZIP_IMAGES)[number];

/**
 * Files in one campaign ZIP: its own bound, not MAX_ZIP_IMAGES. That one bounds a list a person
 * picks and sends in the request; a campaign's selection is read on the server, and a campaign
 * may make 2,000 shots of up to 4 images, each written once per output of its ratio. What bounds
 * this ZIP is time and size: files are fetched one at a time (a channel copy is also re-made),
 * about 0.1–0.3 s and 1–3 MB each, so 5,000 files is some 10–25 minutes and 5–15 GB — about as
 * much as one browser download should be asked to hold open. The approved images (what is
 * delivered) of a campaign fit; "all" of a campaign at its largest may not, and is refused in words.
 */
export const MAX_CAMPAIGN_ZIP_FILES = 5_000;

export function campaignZipPath(campaignId: string, images: CampaignZipImages = "approved"): string {
  return `/api/campaigns/${encodeURIComponent(campaignId)}/zip?images=${images}`;
}
