// GET /api/share/{token}/image?p=<prediction id>&i=<image index>&w=<240|480|960>: a thumbnail of
// one image of a share link's view (no session; the link is the permission).
import { SHARED_IMAGE_HEADERS, sharedImageQuery } from "@/lib/api/share-image";
import { withoutSession } from "@/lib/api/with-session";
import { AppError } from "@/lib/errors";
import { isThumbWidth, THUMB_WIDTHS } from "@/lib/images/thumb-url";
import { getThumbnail } from "@/lib/images/thumbnails";
import { sharedImageSource } from "@/lib/studio/shared-gallery";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  return withoutSession(async () => {
    const query = new URL(request.url).searchParams;
    const width = Number(query.get("w") ?? "480");
    if (!isThumbWidth(width)) throw new AppError("bad_request", `w must be one of: ${THUMB_WIDTHS.join(", ")}`);
    const { predictionId, index } = sharedImageQuery(query);
    const src = await sharedImageSource(token, predictionId, index);
    const thumb = await getThumbnail(src, width);
    return new Response(new Uint8Array(thumb.body), {
      headers: {
        "content-type": "image/webp",
        "content-length": String(thumb.body.length),
        ...SHARED_IMAGE_HEADERS,
      },
    });
  })(request);
}
