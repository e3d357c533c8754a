"use client";

import { useSharePreview } from "@/hooks/use-shares";
import { MAX_SHARED_ITEMS, TOO_MANY_SHOTS } from "@/lib/schemas/share";
import { filterWords } from "./filter-words";

/** Whether a link can be made from the view now: some finished shots, and not too many. */
export function shareableCount(count: number | undefined): boolean {
  return count !== undefined && count > 0 && count <= MAX_SHARED_ITEMS;
}

/** What the link will show, said before it is made: how many shots, of which view, fixed now. */
export function ShareScope({ filter, preview }: { filter: Record<string, string>; preview: ReturnType<typeof useSharePreview> }) {
  if (preview.isPending) return <p role="status" className="mt-1 text-sm text-zinc-700">Counting the shots of this view…</p>;
  if (preview.isError) return <p role="alert" className="mt-1 text-sm text-red-700">{preview.error.message}</p>;
  const { count, product_name } = preview.data;
  const words = filterWords(filter, product_name);
  if (count === 0) {
    return <p role="alert" className="mt-1 text-sm text-amber-900">This view ({words}) has no finished shots to share yet.</p>;
  }
  if (count > MAX_SHARED_ITEMS) return <p role="alert" className="mt-1 text-sm text-amber-900">{TOO_MANY_SHOTS(count)}</p>;
  return (
    <p className="mt-1 text-sm text-zinc-700">
      The link will show <strong>{count.toLocaleString("en-US")} {count === 1 ? "shot" : "shots"}</strong> ({words}), read-only,
      to anyone who has it. Shots made later are not added.
    </p>
  );
}
