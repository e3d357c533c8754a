// GET /api/products/{id}/textures/{key}: the app's thumbnail of the texture a product was created with in that slot (WebP).
import { ownWebp } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { readTextureThumb } from "@/lib/db/product-texture-thumbs";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => {
  const webp = await readTextureThumb(params.id, params.key);
  if (!webp) throw new AppError("not_found", "The app kept no thumbnail of this texture.");
  return ownWebp(webp);
});
