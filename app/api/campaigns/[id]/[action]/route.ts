// POST /api/campaigns/{id}/pause | resume | cancel | retry-failed: answers the campaign as it now stands.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { actOnCampaign } from "@/lib/campaigns/actions";
import { campaignRequest } from "@/lib/campaigns/request";
import { wakeShotEngine } from "@/lib/campaigns/start-engine";
import { AppError } from "@/lib/errors";
import { CAMPAIGN_ACTIONS } from "@/lib/schemas/campaign";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ params, user }) => {
    const action = CAMPAIGN_ACTIONS.find((a) => a === params.action);
    if (!action)
      throw new AppError(
        "not_found",
        `A campaign can be paused, resumed, cancelled or have its failed shots retried; not “${params.action}”.`,
      );
    const view = await actOnCampaign(await campaignRequest(), params.id, action, user);
    if (action === "resume" || action === "retry-failed") wakeShotEngine();
    return json(view);
  },
  { action: "create" },
);
