import Link from "next/link";
import { FallbackImg } from "@/components/ui/fallback-img";
import type { CampaignCell, CampaignCellState } from "@/lib/api-types";
import { thumbUrl } from "@/lib/images/thumb-url";
import { CELL_WORDS } from "./campaign-words";

// One shot of the grid, as plain elements (a campaign holds up to 2,000): its state in words with
// an icon and a colour, a small lazy thumbnail once done, the reason once failed.

const BOX =
  "relative flex h-16 w-22 shrink-0 flex-col items-center justify-center gap-1 rounded-md px-1 text-center text-[11px] leading-tight font-medium";

const TONE: Record<Exclude<CampaignCellState, "done">, string> = {
  waiting_training: "bg-zinc-100 text-zinc-700",
  training: "bg-amber-50 text-amber-900",
  queued: "bg-zinc-100 text-zinc-700",
  waiting_service: "bg-amber-50 text-amber-900",
  sending: "bg-brand-50 text-brand-800",
  confirming: "bg-brand-50 text-brand-800",
  generating: "bg-brand-50 text-brand-800",
  failed: "bg-red-50 text-red-800 ring-1 ring-red-200",
  cancelled: "bg-zinc-50 text-zinc-500 ring-1 ring-zinc-200",
};

/** A small drawing per kind of state: waiting (clock), under way (arrow), trouble (cross), stopped (slash), done (tick). */
const ICON: Record<CampaignCellState, string> = {
  waiting_training: "M10 5v5l3 2M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z",
  training: "M3 8l7-4 7 4-7 4-7-4Zm3 2v4c2 2 6 2 8 0v-4",
  queued: "M4 6h12M4 10h12M4 14h8",
  waiting_service: "M8 6v8M12 6v8M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z",
  sending: "M10 16V4m-5 5 5-5 5 5",
  confirming: "M4 10a6 6 0 0 1 10.5-4M16 10a6 6 0 0 1-10.5 4M14 3v3h-3M6 17v-3h3",
  generating: "M10 2v3M10 15v3M2 10h3M15 10h3M4.5 4.5l2 2M13.5 13.5l2 2M4.5 15.5l2-2M13.5 6.5l2-2",
  done: "m4 10 4 4 8-8",
  failed: "m5 5 10 10M15 5 5 15",
  cancelled: "M4.5 15.5l11-11M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z",
};

function Icon({ state }: { state: CampaignCellState }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICON[state]} />
    </svg>
  );
}

/** `label` says which shot it is ("Scene 1, 4:5, variation 2"), for screen readers and the done link. */
export function ShotCell({ cell, label }: { cell: CampaignCell; label: string }) {
  const { state } = cell;
  if (state === "done" && cell.prediction_id) {
    return (
      <Link
        prefetch={false}
        href={`/predictions/${encodeURIComponent(cell.prediction_id)}`}
        className={`${BOX} overflow-hidden bg-emerald-50 p-0 text-emerald-800 ring-1 ring-emerald-200 focus-visible:outline-2 focus-visible:outline-brand-600`}
        aria-label={`${label}: done, open the shot`}
      >
        {cell.image ? (
          // A 240 px thumbnail of the route; plain and lazy, as 2,000 of them may be listed.
          <FallbackImg
            src={thumbUrl(cell.image, 240)}
            alt=""
            label={label}
            compact
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <>
            <Icon state="done" />
            Done
          </>
        )}
      </Link>
    );
  }
  if (state === "failed") {
    const reason = cell.error ?? "The service gave no reason.";
    return (
      // Focusable, so the reason shows to the keyboard as to the pointer; read in full by screen readers.
      <span
        tabIndex={0}
        title={reason}
        className={`${BOX} group cursor-help focus-visible:outline-2 focus-visible:outline-red-600 ${TONE.failed}`}
      >
        <Icon state="failed" />
        <span aria-hidden="true">Failed</span>
        <span className="sr-only">
          {label}: failed. {reason}
        </span>
        <span
          aria-hidden="true"
          className="pointer-events-none invisible absolute top-full left-0 z-20 mt-1 w-56 rounded-md bg-zinc-900 px-2 py-1.5 text-left text-xs font-normal text-white shadow-lg group-hover:visible group-focus:visible"
        >
          {reason}
        </span>
      </span>
    );
  }
  const working = state === "sending" || state === "confirming" || state === "generating";
  return (
    <span className={`${BOX} ${TONE[state === "done" ? "confirming" : state]}`}>
      <span className={working ? "animate-pulse motion-reduce:animate-none" : undefined}>
        <Icon state={state} />
      </span>
      <span aria-hidden="true">{CELL_WORDS[state]}</span>
      <span className="sr-only">
        {label}: {CELL_WORDS[state]}
      </span>
    </span>
  );
}
