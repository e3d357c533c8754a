import Link from "next/link";
import type { BatchItem } from "@/lib/api-types";

/** Every item of a batch with its outcome: created (with a link) or refused in the service's words. */
export function BatchSummary({ items, onDismiss }: { items: BatchItem[]; onDismiss: () => void }) {
  const created = items.filter((i) => i.ok).length;
  const allOk = created === items.length;
  return (
    <section
      aria-label="Batch outcome"
      className={`space-y-2 rounded-md border px-3 py-3 text-sm ${allOk ? "border-emerald-300 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
    >
      <p role={allOk ? "status" : "alert"} className="font-medium text-zinc-900">
        {allOk
          ? `All ${items.length} started.`
          : `${created} of ${items.length} started; ${items.length - created} not.`}
      </p>
      <ul className="space-y-1">
        {items.map((item, n) => {
          const name = `${item.aspect_ratio}${item.variation ? ` · variation ${item.variation}` : ""}`;
          return (
            <li key={n} className="flex gap-2">
              {"queued" in item ? (
                <>
                  <span aria-hidden="true" className="text-amber-700">
                    …
                  </span>
                  <span className="min-w-0 flex-1">
                    {name}: queued — {item.message}
                  </span>
                </>
              ) : item.ok ? (
                <>
                  <span aria-hidden="true" className="text-emerald-700">
                    ✓
                  </span>
                  <span className="min-w-0 flex-1">
                    {name}: created{" "}
                    <Link
                      prefetch={false}
                      href={`/predictions/${item.prediction.id}`}
                      className="font-medium text-brand-700 underline"
                    >
                      Open<span className="sr-only"> {name}</span>
                    </Link>
                  </span>
                </>
              ) : (
                <>
                  <span aria-hidden="true" className="text-red-700">
                    ✕
                  </span>
                  <span className="min-w-0 flex-1">
                    {/* An unsent item's message already begins "Not sent: …". */}
                    {name}: {item.sent ? `refused — ${item.error.message}` : item.error.message}
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={onDismiss} className="text-xs font-medium text-zinc-700 underline">
        Dismiss this summary
      </button>
    </section>
  );
}
