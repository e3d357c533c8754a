// POST /api/predictions/zip: a streamed ZIP of the selected images (JSON `{ items }` or a form
// field `items` holding the same JSON).
import { readJsonOrForm } from "@/lib/api/read-json";
import { withSession } from "@/lib/api/with-session";
import { zipStream } from "@/lib/images/zip-archive";
import { zipRequestSchema } from "@/lib/schemas/zip-request";
import { assertPresetFits, resolveZipSelection } from "@/lib/studio/zip-selection";
import { isoDay } from "@/lib/format";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ request }) => {
    const { items, preset, format } = zipRequestSchema.parse(await readJsonOrForm(request));
    // Everything that can be refused is checked here, before any byte of the ZIP is sent.
    const images = await resolveZipSelection(items);
    const exporting = preset || format ? { preset, format } : undefined;
    if (exporting) assertPresetFits(images, exporting);
    const stamp = isoDay(new Date());
    return new Response(zipStream(images, request.signal, exporting), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="product-studio-${stamp}-${images.length}-images.zip"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
  { action: "download" },
);
