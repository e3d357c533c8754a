// GET /api/images/download?src=<asset url>&name=<file name>[&preset=<channel preset>&format=jpeg|png|webp]:
// one image as an attachment, as it is or made for a channel.
import { withSession } from "@/lib/api/with-session";
import { exportOptionsSchema } from "@/lib/schemas/export-options";
import { exportImage } from "@/lib/images/export-image";
import { fetchAsset, fetchAssetBytes } from "@/lib/images/fetch-asset";
import { attachmentName } from "@/lib/images/file-names";

export const dynamic = "force-dynamic";

function attachment(type: string, name: string, length?: string | null): Headers {
  const headers = new Headers({
    "content-type": type,
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  });
  if (length) headers.set("content-length", length);
  return headers;
}

export const GET = withSession(
  async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const options = exportOptionsSchema.parse({
      preset: query.get("preset") || undefined,
      format: query.get("format") || undefined,
    });
    if (options.preset || options.format) {
      const { bytes } = await fetchAssetBytes(query.get("src"));
      const made = await exportImage(bytes, options);
      // Named by preset: "blue-bottle-on-a-beach-instagram-portrait.jpg".
      const base = attachmentName(query.get("name"), made.contentType).replace(/\.[a-z]+$/, "");
      const name = options.preset && options.preset !== "original" ? `${base}-${options.preset}.${made.extension}` : `${base}.${made.extension}`;
      return new Response(new Uint8Array(made.body), { headers: attachment(made.contentType, name, String(made.body.length)) });
    }
    const image = await fetchAsset(query.get("src"));
    const type = image.headers.get("content-type") ?? "image/jpeg";
    return new Response(image.body, { headers: attachment(type, attachmentName(query.get("name"), type), image.headers.get("content-length")) });
  },
  { action: "download" },
);
