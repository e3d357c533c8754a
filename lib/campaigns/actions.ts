import "server-only";
import type { CampaignView } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { returnUnmadeBudget } from "@/lib/budgets/spend";
import { getCampaignRecord, reopenCampaign, setCampaignFlag, type CampaignRecord } from "@/lib/db/campaigns";
import { cancelUnsent, retryFailedJobs } from "@/lib/db/shot-jobs";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/types";
import type { EngineContext } from "./context";
import { campaignsChanged } from "./progress";
import { getCampaignView } from "./views";

// What a person can do to a running campaign. Pause stops sending (shots already sent finish);
// cancel stops for good (shots already sent finish and stay); retry sends the failed shots again
// (after training their product again where it was skipped). Each is audited.

export type CampaignAction = "pause" | "resume" | "cancel" | "retry-failed";

type Ctx = Pick<EngineContext, "db" | "clock" | "pace">;

async function campaignOf(ctx: Ctx, id: string): Promise<CampaignRecord> {
  const record = await getCampaignRecord(ctx.db, id);
  if (!record || record.kind !== "campaign")
    throw new AppError("not_found", "This campaign does not exist (it may have been deleted).");
  return record;
}

export async function actOnCampaign(
  ctx: Ctx,
  id: string,
  action: CampaignAction,
  user: SessionUser,
): Promise<CampaignView> {
  const campaign = await campaignOf(ctx, id);
  const now = ctx.clock();
  if (campaign.cancelledAt)
    throw new AppError("conflict", "This campaign was cancelled; start a new one to make more shots.");
  switch (action) {
    case "pause":
      await setCampaignFlag(ctx.db, id, "paused_at", now);
      await recordAudit({ actor: user, action: "campaign.paused", detail: { campaign: id, name: campaign.name } });
      break;
    case "resume":
      await setCampaignFlag(ctx.db, id, "paused_at", null);
      await recordAudit({ actor: user, action: "campaign.resumed", detail: { campaign: id, name: campaign.name } });
      break;
    case "cancel":
      await setCampaignFlag(ctx.db, id, "cancelled_at", now);
      await cancelUnsent(ctx.db, id, now);
      await returnUnmadeBudget(ctx.db, id);
      await recordAudit({ actor: user, action: "campaign.cancelled", detail: { campaign: id, name: campaign.name } });
      break;
    case "retry-failed": {
      // Skipped products are asked about (and trained) again: what failed may have been mended.
      await ctx.db.query(
        "UPDATE campaign_products SET state = 'checking', reason = NULL, next_check_at = $2 WHERE campaign_id = $1 AND state = 'skipped'",
        [id, now.toISOString()],
      );
      const retried = await retryFailedJobs(ctx.db, id, now);
      if (retried > 0) await reopenCampaign(ctx.db, id);
      await recordAudit({
        actor: user,
        action: "campaign.retried",
        detail: { campaign: id, name: campaign.name, shots: retried },
      });
      break;
    }
  }
  await campaignsChanged(ctx, [id]);
  return getCampaignView(ctx, id);
}
