// GET /api/images/download?src=<asset url>&name=<file name>[&preset=<channel preset>&format=jpeg|png|webp]:
// one shot's image as an attachment, as it is or made for a channel. Only images of the studio's
// own shots (the gallery's index): any other URL on the asset origin, a product's texture for one,
// is a 404 before anything is fetched.
import { withSession } from "@/lib/api/with-session";
import { AppError } from "@/lib/errors";
import { withPersonExportSlot } from "@/lib/images/export-gate";
import { isAssetUrl } from "@/lib/service";
import { isShotImage } from "@/lib/studio/known-images";
import { exportOptionsSchema } from "@/lib/schemas/export-options";
import { exportAsset } from "@/lib/images/export-image";
import { fetchAsset } from "@/lib/images/fetch-asset";
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
  async ({ request, user }) => {
    const query = new URL(request.url).searchParams;
    const options = exportOptionsSchema.parse({
      preset: query.get("preset") || undefined,
      format: query.get("format") || undefined,
    });
    const src = query.get("src");
    if (!src || !isAssetUrl(src))
      throw new AppError("bad_request", "Only images of the image service can be fetched here.");
    if (!(await isShotImage(src))) throw new AppError("not_found", "That image is not one of this studio's shots.");
    if (options.preset || options.format) {
      const made = await withPersonExportSlot(user.id, () => exportAsset(src, options));
      // Named by preset: "blue-bottle-on-a-beach-instagram-portrait.jpg".
      const base = attachmentName(query.get("name"), made.contentType).replace(/\.[a-z]+$/, "");
      const name =
        options.preset && options.preset !== "original"
          ? `${base}-${options.preset}.${made.extension}`
          : `${base}.${made.extension}`;
      const body = new Uint8Array(made.body.buffer as ArrayBuffer, made.body.byteOffset, made.body.length); // the same bytes, not a copy
      return new Response(body, { headers: attachment(made.contentType, name, String(made.body.length)) });
    }
    const image = await fetchAsset(src);
    const type = image.headers.get("content-type") ?? "image/jpeg";
    return new Response(image.body, {
      headers: attachment(type, attachmentName(query.get("name"), type), image.headers.get("content-length")),
    });
  },
  { action: "download" },
);
