"use client";

import { useSharePreview } from "@/hooks/use-shares";
import { imageCountWords, imagesIn } from "@/lib/image-count";
import { MAX_SHARED_ITEMS, TOO_MANY_SHOTS } from "@/lib/schemas/share";
import type { PredictionView } from "@/lib/types";
import { filterWords, productWords } from "./filter-words";

/** Whether a link can be made from the view now: some finished shots, and not too many. */
export function shareableCount(count: number | undefined): boolean {
  return count !== undefined && count > 0 && count <= MAX_SHARED_ITEMS;
}

const SAID = "mt-1 text-sm text-zinc-700";

/**
 * Who may do what with a link, in one place for before and after it is made: the words follow the
 * sign-off choice, so "read-only" is said only of a link that is.
 */
export function accessWords(signOff: boolean): string {
  return signOff
    ? "to anyone who has it, who can approve images and comment under a name they type"
    : "read-only, to anyone who has it";
}

/** What the link will show, said before it is made: how many images, of which view, fixed now. */
export function ShareScope({
  filter,
  preview,
  signOff,
}: {
  filter: Record<string, string>;
  preview: ReturnType<typeof useSharePreview>;
  signOff: boolean;
}) {
  if (preview.isPending)
    return (
      <p role="status" className={SAID}>
        Counting the images of this view…
      </p>
    );
  if (preview.isError)
    return (
      <p role="alert" className="mt-1 text-sm text-red-700">
        {preview.error.message}
      </p>
    );
  const { count, images, product_name } = preview.data;
  const words = filterWords(filter, product_name);
  if (count === 0) {
    return (
      <p role="alert" className="mt-1 text-sm text-amber-900">
        This view ({words}) has no finished images to share yet.
      </p>
    );
  }
  if (count > MAX_SHARED_ITEMS)
    return (
      <p role="alert" className="mt-1 text-sm text-amber-900">
        {TOO_MANY_SHOTS(count)}
      </p>
    );
  return (
    <p className={SAID}>
      The link will show <strong>{imageCountWords(images)}</strong> ({words}), {accessWords(signOff)}. Images made later
      are not added.
    </p>
  );
}

/** The same for shots picked one by one: their images, and their products by name. */
export function PickedScope({ picked, signOff }: { picked: PredictionView[]; signOff: boolean }) {
  const images = imagesIn(picked);
  return (
    <p className={SAID}>
      The link will show <strong>{imageCountWords(images)}</strong> of {productWords(picked.map((p) => p.product_name))}
      : only the shots you selected, {accessWords(signOff)}.
    </p>
  );
}
