// POST /api/share/{token}/sign-off: the link's visitor approves or comments on one of its images
// under a name they typed (no session; the link is the permission).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withoutSession } from "@/lib/api/with-session";
import { clientAddress } from "@/lib/net/client-address";
import { linkSignOffSchema, MAX_SIGN_OFF_BYTES } from "@/lib/schemas/link-sign-off";
import { assertSignOffRate, signOffLink, signOffViaLink } from "@/lib/studio/link-sign-off";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

export async function POST(request: Request, context: Context): Promise<Response> {
  const { token } = await context.params;
  return withoutSession(async () => {
    // A dead link, a link without sign-off and a flood are refused before the body is read.
    const share = await signOffLink(token);
    const address = clientAddress(request);
    await assertSignOffRate(share, address);
    const input = linkSignOffSchema.parse(await readJson(request, MAX_SIGN_OFF_BYTES));
    return json(await signOffViaLink(share, input, address), {
      status: 201,
      headers: { "x-robots-tag": "noindex, nofollow" },
    });
  })(request);
}
