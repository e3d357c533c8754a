// GET /api/campaigns (newest first, ?limit=&cursor=) and POST /api/campaigns (start one).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { campaignRequest } from "@/lib/campaigns/request";
import { createCampaign } from "@/lib/campaigns/create";
import { wakeShotEngine } from "@/lib/campaigns/start-engine";
import { getCampaignView, listCampaigns } from "@/lib/campaigns/views";
import { campaignListQuerySchema, createCampaignSchema, MAX_CAMPAIGN_BODY_BYTES } from "@/lib/schemas/campaign";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const query = campaignListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await listCampaigns(await campaignRequest(), query));
});

export const POST = withSession(
  async ({ request, user }) => {
    const input = createCampaignSchema.parse(await readJson(request, MAX_CAMPAIGN_BODY_BYTES));
    const ctx = await campaignRequest();
    const { id } = await createCampaign(ctx, input, user);
    wakeShotEngine();
    return json(await getCampaignView(ctx, id), { status: 201 });
  },
  { action: "create" },
);
