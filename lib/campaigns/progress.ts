import "server-only";
import { campaignsToFinish, getCampaignRecord, jobCounts, markCampaignFinished } from "@/lib/db/campaigns";
import { campaignShotsGenerating, giveUpGenerating, markDoneFromIndex } from "@/lib/db/shot-jobs";
import { tellOpenPages } from "@/lib/events/publish";
import { log } from "@/lib/log";
import { announceCampaignFinished } from "@/lib/notify/announce";
import { GIVE_UP_AFTER_MS } from "@/lib/predictions/state";
import { readServiceListNow } from "@/lib/studio/prediction-index";
import type { EngineContext } from "./context";

// Following the shots once made: a shot is done when its images are in the gallery's index. The
// index learns them from any poll of the prediction (pages, the watcher) and from reads of the
// service's list, which the engine asks for while campaign shots are generating: one call for
// all of them, however many there are. Reads are spaced by at least four times what a read takes
// (about a second for a short list, a minute or two at 100,000), and further, doubling up to
// 30 s, while reads find nothing new (a shot the service is slow with, or has failed). A person's
// own shots are followed by their page and the watcher, as before. Nothing waits forever: a shot
// without images after the app's give-up time has failed.

const MIN_READ_GAP_MS = 1_000;
const MAX_IDLE_GAP_MS = 30_000;
let lastRead = { startedAt: 0, ms: 0, gapMs: MIN_READ_GAP_MS, generating: 0 };

export async function followShots(ctx: EngineContext): Promise<void> {
  const now = ctx.clock();
  const generating = await campaignShotsGenerating(ctx.db);
  // More shots under way than at the last read: look soon again.
  if (generating > lastRead.generating) lastRead.gapMs = MIN_READ_GAP_MS;
  const sinceRead = now.getTime() - lastRead.startedAt;
  // A clock set back (by its keeper, or a test's) must not hold reads back until it catches up.
  if (generating > 0 && (sinceRead < 0 || sinceRead >= Math.max(lastRead.gapMs, 4 * lastRead.ms))) {
    const started = performance.now();
    lastRead = { ...lastRead, startedAt: now.getTime(), generating };
    const ran = await readServiceListNow({ force: true }).catch((error: unknown) => {
      log.warn({ err: error }, "the service's list could not be read for campaign shots");
      return false;
    });
    if (ran) lastRead.ms = performance.now() - started;
    const done = await markDoneFromIndex(ctx.db, ctx.clock());
    await campaignsChanged(ctx, done);
    lastRead.gapMs = done.length > 0 ? MIN_READ_GAP_MS : Math.min(MAX_IDLE_GAP_MS, lastRead.gapMs * 2);
  } else {
    await campaignsChanged(ctx, await markDoneFromIndex(ctx.db, ctx.clock()));
  }
  const failed = await giveUpGenerating(
    ctx.db,
    new Date(now.getTime() - GIVE_UP_AFTER_MS),
    now,
    `No images ${Math.round(GIVE_UP_AFTER_MS / 60_000)} minutes after it was sent: the service may have failed it. Retry to send it again.`,
  );
  await campaignsChanged(ctx, failed);
}

/** Open campaign pages are told that some of their shots changed state. */
export async function campaignsChanged(ctx: Pick<EngineContext, "db">, campaignIds: Iterable<string>): Promise<void> {
  for (const id of new Set(campaignIds)) await tellOpenPages(ctx.db, { kind: "campaign.changed", campaign_id: id });
}

/** Marks campaigns whose every shot has come to an end as finished, and tells their authors once. */
export async function finishCampaigns(ctx: EngineContext): Promise<string[]> {
  const finished: string[] = [];
  for (const id of await campaignsToFinish(ctx.db)) {
    if (!(await markCampaignFinished(ctx.db, id, ctx.clock()))) continue;
    finished.push(id);
    await campaignsChanged(ctx, [id]);
    const campaign = await getCampaignRecord(ctx.db, id);
    // A batch is told by the watcher as before (one message when its shots are in).
    if (!campaign || campaign.kind !== "campaign" || campaign.cancelledAt) continue;
    const counts = (await jobCounts(ctx.db, [id])).get(id)!;
    await announceCampaignFinished(ctx.db, campaign, counts, ctx.clock()).catch((error: unknown) =>
      log.error({ err: error, campaign: id }, "a finished campaign could not be announced"),
    );
  }
  return finished;
}
