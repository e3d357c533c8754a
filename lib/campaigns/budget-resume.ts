import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { spenderOf } from "@/lib/budgets/limits";
import { budgetMonth } from "@/lib/budgets/month";
import { unitsLeft } from "@/lib/budgets/spend";
import { budgetPausedCampaigns, resumeBudgetPaused } from "@/lib/db/campaigns";
import { log } from "@/lib/log";
import { announceCampaignResumed } from "@/lib/notify/announce";
import type { EngineContext } from "./context";

// A campaign that paused itself at a budget goes on by itself once the budget allows what it waits
// to spend: at the month's reset, or when an admin raises or lifts the limit. Looked at every
// minute and at once when the budgets' month turns; the resume is audited (by the app, no person)
// and its author told, as a person's resume would be seen on the campaign's page.

const RECHECK_MS = 60_000;
let lastCheck: Date | null = null;

export function resetBudgetResumeForTests(): void {
  lastCheck = null;
}

const allows = (left: number | null) => left === null || left > 0;

/** Returns how many campaigns it resumed. */
export async function resumeWhenBudgetAllows(ctx: EngineContext): Promise<number> {
  const now = ctx.clock();
  const due =
    lastCheck === null ||
    now.getTime() - lastCheck.getTime() >= RECHECK_MS ||
    budgetMonth(now).label !== budgetMonth(lastCheck).label;
  if (!due) return 0;
  lastCheck = now;
  let resumed = 0;
  for (const campaign of await budgetPausedCampaigns(ctx.db)) {
    const person = await spenderOf(ctx.db, campaign.createdBy);
    if (campaign.needsShots && !allows(await unitsLeft(ctx.db, person, "shots", now))) continue;
    if (campaign.needsTrainings && !allows(await unitsLeft(ctx.db, person, "trainings", now))) continue;
    if (!(await resumeBudgetPaused(ctx.db, campaign.id, campaign.reason))) continue;
    resumed += 1;
    await recordAudit(
      {
        actor: null,
        actorEmail: "Product Studio",
        action: "campaign.resumed",
        detail: { campaign: campaign.id, name: campaign.name, reason: "budget allows again" },
      },
      ctx.db,
    );
    await announceCampaignResumed(ctx.db, campaign, now).catch((error: unknown) =>
      log.error({ err: error, campaign: campaign.id }, "a resumed campaign could not be announced"),
    );
  }
  return resumed;
}
