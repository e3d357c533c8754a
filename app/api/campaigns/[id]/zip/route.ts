// GET /api/campaigns/{id}/zip?images=approved|all: the campaign's images as a streamed ZIP, in folders by product and output.
import { withSession } from "@/lib/api/with-session";
import { campaignRequest } from "@/lib/campaigns/request";
import { planCampaignZip } from "@/lib/campaigns/zip";
import { zipStream } from "@/lib/images/zip-archive";
import { campaignZipQuerySchema } from "@/lib/schemas/campaign-zip";

export const dynamic = "force-dynamic";

export const GET = withSession(
  async ({ request, params }) => {
    const { images } = campaignZipQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const zip = await planCampaignZip(await campaignRequest(), params.id, images);
    return new Response(zipStream(zip.entries, request.signal), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${zip.fileName}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
  { action: "download" },
);
