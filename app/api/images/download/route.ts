// GET /api/images/download?src=<asset url>&name=<file name>: one image as an attachment.
import { withSession } from "@/lib/api/with-session";
import { fetchAsset } from "@/lib/images/fetch-asset";
import { attachmentName } from "@/lib/images/file-names";

export const dynamic = "force-dynamic";

export const GET = withSession(
  async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const image = await fetchAsset(query.get("src"));
    const type = image.headers.get("content-type") ?? "image/jpeg";
    const headers = new Headers({
      "content-type": type,
      "content-disposition": `attachment; filename="${attachmentName(query.get("name"), type)}"`,
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    });
    const length = image.headers.get("content-length");
    if (length) headers.set("content-length", length);
    return new Response(image.body, { headers });
  },
  { action: "download" },
);
