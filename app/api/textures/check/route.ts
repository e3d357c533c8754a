// POST /api/textures/check: the texture advisor on textures sent like a new product's (multipart).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { checkTexturesFromUpload } from "@/lib/studio/textures";

export const dynamic = "force-dynamic";

export const POST = withSession(async ({ request, user }) => json(await checkTexturesFromUpload(request, user)), {
  action: "create",
});
