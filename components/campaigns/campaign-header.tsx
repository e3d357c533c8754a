import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time";
import type { CampaignSummary } from "@/lib/api-types";
import { etaWords, planWords, progressWords } from "./campaign-words";
import { ProgressBar, StatusBadge } from "./status-badge";

/** The campaign's name, status, counts, time left, and why sending waits when it does. */
export function CampaignHeader({ campaign }: { campaign: CampaignSummary }) {
  const eta = etaWords(campaign.eta_ms);
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <Link
          prefetch={false}
          href="/campaigns"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
        >
          <span aria-hidden="true">←&nbsp;</span>All campaigns
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{campaign.name}</h1>
        <StatusBadge status={campaign.status} />
      </div>
      <div className="space-y-1.5">
        <p className="text-base font-medium text-zinc-900" aria-live="polite">
          {progressWords(campaign)}
          {eta && <span className="font-normal text-zinc-600"> · {eta}</span>}
        </p>
        <ProgressBar total={campaign.total} ready={campaign.ready} failed={campaign.failed} />
        <p className="text-sm text-zinc-600">
          {planWords(campaign)} · started {campaign.created_by_email ? `by ${campaign.created_by_email} ` : ""}
          <time dateTime={campaign.created_at}>
            <LocalDateTime value={campaign.created_at} />
          </time>
        </p>
      </div>
      {campaign.waiting_reason && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Waiting for the image service: {campaign.waiting_reason}
        </p>
      )}
      {campaign.paused_reason && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {campaign.paused_reason}
        </p>
      )}
    </div>
  );
}
