import "server-only";
import { getDb } from "@/lib/db/client";
import { indexHasImage } from "@/lib/db/prediction-index";
import { listTemplates } from "@/lib/service";
import { assetKey, isAssetUrl } from "@/lib/service";

// Thumbnails are made only of images the app knows, compared by exact asset key (the address
// relative to PVS_ASSET_URL, as the database keeps them): the shots in the gallery's index and the
// templates' previews (product cards show them). Any other URL on the asset origin, or a known one
// with something added (a query string), is not an image of ours and must not fill the thumbnail
// cache. A shot that arrived since the last read of
// the service's list is known as soon as a poll of its prediction puts it in the index.

/**
 * An image of one of the studio's own shots: the only images made into channel copies or
 * downloaded (GET /api/images/download). A template's or product's preview is not one.
 */
export const isShotImage = (src: string): Promise<boolean> => indexHasImage(src);

export async function isKnownImage(src: string): Promise<boolean> {
  if (await indexHasImage(src)) return true;
  const db = await getDb();
  const key = isAssetUrl(src) ? assetKey(src) : null;
  if (key !== null && (await db.query("SELECT 1 FROM products WHERE preview_url = $1 LIMIT 1", [key])).length > 0)
    return true;
  // The template list is read through lib/service's shared, cached read.
  const templates = await listTemplates().catch(() => []);
  return templates.some((t) => t.preview_url === src);
}
