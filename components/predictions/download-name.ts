import { extensionOfUrl, imageBaseName } from "@/lib/images/file-names";
import type { AspectRatio } from "@/lib/types";

/**
 * "Blue Bottle", "on a beach at dawn", "16:9", 2 of 3 → "blue-bottle-on-a-beach-at-dawn-16x9-2.png":
 * the name the download route answers for it too (the app's one file-name rule).
 */
export function downloadName(input: {
  productName: string | null;
  prompt: string;
  aspectRatio: AspectRatio | null;
  url: string;
  index: number;
  count: number;
}): string {
  const base = imageBaseName({
    product_name: input.productName,
    prompt: input.prompt,
    aspect_ratio: input.aspectRatio,
  });
  const numbered = input.count > 1 ? `${base}-${input.index + 1}` : base;
  const ext = extensionOfUrl(input.url);
  return ext ? `${numbered}.${ext}` : numbered;
}

/** The app's download route for one image of the asset origin (a cross-origin `<a download>` is ignored). */
export function downloadHref(url: string, name: string): string {
  return `/api/images/download?src=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`;
}
