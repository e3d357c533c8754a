import type { CampaignStatus } from "@/lib/api-types";
import { STATUS_TONE, STATUS_WORDS } from "./campaign-words";

/** A campaign's status in words, coloured by what it means (never by colour alone). */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_TONE[status]}`}
    >
      <span className="sr-only">Status: </span>
      {STATUS_WORDS[status]}
    </span>
  );
}

/** How far it is, drawn: ready in green, failed in red (the words beside it say the numbers). */
export function ProgressBar({ total, ready, failed }: { total: number; ready: number; failed: number }) {
  const share = (part: number) => `${total > 0 ? (part / total) * 100 : 0}%`;
  return (
    <div aria-hidden="true" className="flex h-2 w-full overflow-hidden rounded-full bg-zinc-200">
      <div className="bg-emerald-500" style={{ width: share(ready) }} />
      <div className="bg-red-500" style={{ width: share(failed) }} />
    </div>
  );
}
