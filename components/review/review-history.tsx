import { formatDateTime } from "@/lib/format";
import type { PredictionReviews } from "@/lib/api-types";
import { ACTION_WORDS } from "./review-words";

type ReviewEvent = PredictionReviews["events"][number];

/** Who did what and when (in the viewer's time zone), newest first. */
export function ReviewHistory({ events, label }: { events: ReviewEvent[]; label?: string }) {
  if (events.length === 0) return <p className="text-xs text-zinc-600">No reviews or comments yet.</p>;
  return (
    <details className="group text-sm" open={events.length <= 4}>
      <summary className="cursor-pointer text-sm font-medium text-zinc-800">
        History ({events.length}){label ? <span className="sr-only"> of {label}</span> : null}
      </summary>
      <ol
        aria-label={label ? `Review history of ${label}` : "Review history"}
        className="mt-2 space-y-2 border-l-2 border-zinc-200 pl-3"
      >
        {[...events].reverse().map((event) => (
          <li key={event.id}>
            <p className="text-zinc-800">
              <span className="font-medium">
                {event.via_link ? `via link: ${event.via_link}` : (event.author_email ?? "Someone")}
              </span>{" "}
              <span className={event.undone_at ? "line-through" : undefined}>{ACTION_WORDS[event.action]}</span>
              {event.undone_at && <span className="font-medium"> (undone)</span>}
              <span className="text-zinc-600"> · {formatDateTime(event.created_at)}</span>
            </p>
            {event.comment && <p className="break-words whitespace-pre-wrap text-zinc-700">“{event.comment}”</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}
