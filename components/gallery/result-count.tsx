import { imageCountWords } from "@/lib/image-count";

/**
 * The view's size in images, the unit of the review queue and of downloads (a shot holds 1 to 4).
 * Filtered by ratio, it says when a shot returned several images, so "one ratio" showing three
 * images is no surprise.
 */
export function ResultCount({
  images,
  shots,
  byRatio,
}: {
  images: number | undefined;
  shots: number;
  byRatio: boolean;
}) {
  return (
    <p className="text-sm font-medium text-zinc-800" aria-live="polite">
      {images === undefined ? "\u00a0" : imageCountWords(images)}
      {images !== undefined && byRatio && images > shots && (
        <span className="font-normal text-zinc-600">
          {" "}
          · some shots of this ratio returned several images; each card says how many
        </span>
      )}
    </p>
  );
}
