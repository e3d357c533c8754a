import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time";
import type { CampaignSummary } from "@/lib/api-types";
import { etaWords, planWords, progressWords } from "./campaign-words";
import { ProgressBar, StatusBadge } from "./status-badge";

/** One campaign in the list: its name (the link), status, progress, what it makes, who and when. */
export function CampaignLine({ campaign }: { campaign: CampaignSummary }) {
  const eta = etaWords(campaign.eta_ms);
  return (
    <li className="relative space-y-2 px-4 py-3 focus-within:bg-zinc-50 hover:bg-zinc-50">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-base font-medium break-words text-zinc-900">
          {/* The whole line is the link's target area. */}
          <Link
            prefetch={false}
            href={`/campaigns/${encodeURIComponent(campaign.id)}`}
            className="outline-none after:absolute after:inset-0 focus-visible:underline"
          >
            {campaign.name}
          </Link>
        </h2>
        <StatusBadge status={campaign.status} />
      </div>
      <p className="text-sm text-zinc-800">
        {progressWords(campaign)}
        {eta && <span className="text-zinc-600"> · {eta}</span>}
      </p>
      <ProgressBar total={campaign.total} ready={campaign.ready} failed={campaign.failed} />
      <p className="text-xs text-zinc-600">
        {planWords(campaign)} ·{" "}
        {campaign.created_by_email ? `by ${campaign.created_by_email}` : "by someone no longer here"} ·{" "}
        <time dateTime={campaign.created_at}>
          <LocalDateTime value={campaign.created_at} />
        </time>
      </p>
    </li>
  );
}
