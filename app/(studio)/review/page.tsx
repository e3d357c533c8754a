import { Prefetched } from "@/components/prefetch/prefetched";
import { ReviewQueue } from "@/components/review/review-queue";
import { queueCampaignId } from "@/lib/schemas/review-params";
import { campaignFilter } from "@/lib/studio/campaign-filter";
import { reviewQueueQueries } from "@/lib/studio/first-pages";

export const metadata = { title: "Review queue" };

export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // A link from a campaign (?campaign_id=) narrows the queue to its shots; the label names it.
  const campaign = await campaignFilter(queueCampaignId((await searchParams).campaign_id));
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Review queue</h1>
        <p className="text-zinc-600">Product shots nobody has approved or rejected yet, one at a time.</p>
      </div>
      <Prefetched queries={reviewQueueQueries(campaign?.id)}>
        <ReviewQueue campaign={campaign} />
      </Prefetched>
    </div>
  );
}
