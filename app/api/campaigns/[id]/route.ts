// GET /api/campaigns/{id}: the campaign, its products and every shot's state.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { campaignRequest } from "@/lib/campaigns/request";
import { getCampaignView } from "@/lib/campaigns/views";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json(await getCampaignView(await campaignRequest(), params.id)));
