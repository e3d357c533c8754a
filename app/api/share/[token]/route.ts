// GET /api/share/{token}: the public, read-only view of a share link (no session).
import { json } from "@/lib/api/respond";
import { withoutSession } from "@/lib/api/with-session";
import { sharedGallery } from "@/lib/studio/shared-gallery";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  const handler = withoutSession(async () =>
    json(await sharedGallery(token), { headers: { "x-robots-tag": "noindex, nofollow" } }),
  );
  return handler(request);
}
