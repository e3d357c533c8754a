// GET /api/openapi.json: the API's OpenAPI 3.1 document (no session: it describes routes, no data).
import { json } from "@/lib/api/respond";
import { withoutSession } from "@/lib/api/with-session";
import { apiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async () =>
  json(apiDocument(), { headers: { "cache-control": "public, max-age=300" } }),
);
