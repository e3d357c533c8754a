// POST /api/campaigns/estimate: how many shots a campaign would make, how many products it must
// train first, and how long it would take at the service's recent pace. Nothing is started.
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { estimateCampaign } from "@/lib/campaigns/create";
import { campaignRequest } from "@/lib/campaigns/request";
import { createCampaignSchema, MAX_CAMPAIGN_BODY_BYTES } from "@/lib/schemas/campaign";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ request, user }) =>
    json(
      await estimateCampaign(
        await campaignRequest(),
        createCampaignSchema.parse(await readJson(request, MAX_CAMPAIGN_BODY_BYTES)),
        user,
      ),
    ),
  { action: "create" },
);
