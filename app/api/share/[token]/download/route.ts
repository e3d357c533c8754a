// GET /api/share/{token}/download?p=<prediction id>&i=<image index>: one image of a share link's
// view as it was made, as an attachment (no session; the link is the permission).
import { SHARED_IMAGE_HEADERS, sharedImageQuery } from "@/lib/api/share-image";
import { withoutSession } from "@/lib/api/with-session";
import { fetchAsset } from "@/lib/images/fetch-asset";
import { attachmentName, imageBaseName } from "@/lib/images/file-names";
import { sharedImage } from "@/lib/studio/shared-gallery";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  return withoutSession(async () => {
    const { predictionId, index } = sharedImageQuery(new URL(request.url).searchParams);
    const { shot, src } = await sharedImage(token, predictionId, index);
    const image = await fetchAsset(src);
    const type = image.headers.get("content-type") ?? "image/jpeg";
    // The name the team's own downloads give it: "blue-bottle-on-a-beach-16x9-2.png".
    const base = `${imageBaseName(shot)}${shot.images.length > 1 ? `-${index + 1}` : ""}`;
    const headers = new Headers({
      "content-type": type,
      "content-disposition": `attachment; filename="${attachmentName(base, type)}"`,
      ...SHARED_IMAGE_HEADERS,
    });
    const length = image.headers.get("content-length");
    if (length) headers.set("content-length", length);
    return new Response(image.body, { headers });
  })(request);
}
