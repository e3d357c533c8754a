// GET /api/keys (your API keys) and POST /api/keys (create one; its secret is answered once).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createApiKeySchema } from "@/lib/schemas/api-key";
import { createOwnApiKey, ownApiKeys } from "@/lib/studio/api-keys";

export const dynamic = "force-dynamic";

// Keys are made and listed only by a signed-in person: a key cannot make more keys.
export const GET = withSession(async ({ user }) => json(await ownApiKeys(user)), { sessionOnly: true });

export const POST = withSession(
  async ({ request, user }) =>
    json(await createOwnApiKey(user, createApiKeySchema.parse(await readJson(request))), { status: 201 }),
  { sessionOnly: true },
);
