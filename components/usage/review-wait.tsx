import { formatElapsed } from "@/lib/format";
import { imageCountWords } from "@/lib/image-count";
import type { ReviewWait } from "@/lib/api-types";

/** How long a shot waits from its arrival to its first review (approve or reject). */
export function ReviewWaitLine({ wait }: { wait: ReviewWait }) {
  if (wait.images === 0 || wait.median_seconds === null)
    return <p className="text-sm text-zinc-600">No image has been reviewed yet.</p>;
  return (
    <p className="text-sm text-zinc-700">
      From a shot&apos;s arrival to its review: half are reviewed within {formatElapsed(wait.median_seconds * 1000)},
      nine in ten within {formatElapsed((wait.p90_seconds ?? wait.median_seconds) * 1000)} (
      {imageCountWords(wait.images)} reviewed).
    </p>
  );
}
