// GET /api/images/thumb?src=<asset url>&w=<240|480|960>: a downsized WebP of one image of a
// prediction the app knows (any other URL is a 404, so the cache holds only our shots).
import { withSession } from "@/lib/api/with-session";
import { AppError } from "@/lib/errors";
import { isThumbWidth, THUMB_WIDTHS } from "@/lib/images/thumb-url";
import { getThumbnail, thumbEtag, thumbKey } from "@/lib/images/thumbnails";
import { isAssetUrl } from "@/lib/service";
import { isKnownImage } from "@/lib/studio/known-images";

export const dynamic = "force-dynamic";

// The URL names one image at one width for good (content-addressed), so any cache may keep it: the
// original is itself public at its asset URL.
const CACHE_CONTROL = "public, max-age=31536000, immutable";

export const GET = withSession(async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const src = query.get("src");
  const width = Number(query.get("w") ?? "");
  if (!src || !isAssetUrl(src))
    throw new AppError("bad_request", "Only images of the image service can be fetched here.");
  if (!isThumbWidth(width)) throw new AppError("bad_request", `w must be one of: ${THUMB_WIDTHS.join(", ")}`);
  if (!(await isKnownImage(src))) throw new AppError("not_found", "That image is not one of this studio's shots.");
  // The ETag follows from the request alone, so a revalidation needs neither disk nor origin.
  const etag = thumbEtag(thumbKey(src, width));
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers: { etag, "cache-control": CACHE_CONTROL } });
  }
  const thumb = await getThumbnail(src, width);
  return new Response(new Uint8Array(thumb.body), {
    headers: {
      "content-type": "image/webp",
      "content-length": String(thumb.body.length),
      "cache-control": CACHE_CONTROL,
      etag: thumb.etag,
      "x-thumb-cache": thumb.cache,
      "x-content-type-options": "nosniff",
    },
  });
});
