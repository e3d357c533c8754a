import type { AspectRatio } from "@/lib/types";

function slug(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}

/** The image's own extension when its URL has a common one ("png", "jpg", "webp"), else null. */
function extension(url: string): string | null {
  try {
    const match = /\.(png|jpe?g|webp|gif|avif)$/i.exec(new URL(url).pathname);
    return match ? match[1].toLowerCase() : null;
  } catch {
    return null;
  }
}

/** "Blue Bottle", "on a beach at dawn", "16:9", 2 of 3 → "blue-bottle_on-a-beach-at-dawn_16x9_2.png". */
export function downloadName(input: {
  productName: string | null;
  prompt: string;
  aspectRatio: AspectRatio | null;
  url: string;
  index: number;
  count: number;
}): string {
  const parts = [
    slug(input.productName ?? "", 40) || "product",
    slug(input.prompt, 60) || "shot",
    input.aspectRatio?.replace(":", "x"),
    input.count > 1 ? String(input.index + 1) : undefined,
  ].filter(Boolean);
  const ext = extension(input.url);
  return `${parts.join("_")}${ext ? `.${ext}` : ""}`;
}

/** The app's download route for one image of the asset origin (a cross-origin `<a download>` is ignored). */
export function downloadHref(url: string, name: string): string {
  return `/api/images/download?src=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`;
}
