// GET /api/shares/preview?<gallery filter>: how many shots a link made from this view now would
// show, and the view's product by name (the share dialog says both before the link is made).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { shareFilterSchema } from "@/lib/schemas/share";
import { previewShare } from "@/lib/studio/shares";

export const dynamic = "force-dynamic";

export const GET = withSession(
  async ({ request }) => {
    const filter = shareFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return json(await previewShare(filter));
  },
  { action: "download" },
);
