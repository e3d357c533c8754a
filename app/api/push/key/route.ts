// GET /api/push/key: the public key a browser subscribes to this installation's pushes with.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { pushPublicKey } from "@/lib/studio/push";

export const dynamic = "force-dynamic";

export const GET = withSession(async () => json(await pushPublicKey()));
