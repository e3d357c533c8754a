// GET /api/products/{id}/preview: the app's own preview of a product's first texture (WebP).
import { ownWebp } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { readPreview } from "@/lib/db/product-previews";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => {
  const webp = await readPreview(params.id);
  if (!webp)
    throw new AppError("not_found", "This product has no preview of its own; its template's preview is shown instead.");
  return ownWebp(webp);
});
