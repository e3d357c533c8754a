import { Prefetched } from "@/components/prefetch/prefetched";
import { ReviewQueue } from "@/components/review/review-queue";
import { reviewQueueQueries } from "@/lib/studio/first-pages";

export const metadata = { title: "Review queue" };

export default function ReviewPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Review queue</h1>
        <p className="text-zinc-600">Product shots nobody has approved or rejected yet, one at a time.</p>
      </div>
      <Prefetched queries={reviewQueueQueries()}>
        <ReviewQueue />
      </Prefetched>
    </div>
  );
}
