import "server-only";
import { indexHasImage } from "@/lib/db/prediction-index";

// Thumbnails are made only of images of predictions the app knows (the gallery's index in the
// database), compared as exact URLs: any other URL on the asset origin, or a known one with
// something added (a query string), is not an image of ours and must not fill the thumbnail
// cache. An image that arrived since the last read of the service's list is known as soon as a
// poll of its prediction (or the next read) puts it in the index.

export function isKnownImage(src: string): Promise<boolean> {
  return indexHasImage(src);
}
