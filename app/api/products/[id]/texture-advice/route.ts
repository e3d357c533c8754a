// GET /api/products/{id}/texture-advice: the advisor's report on the files the product was made from.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { textureAdviceFor } from "@/lib/studio/textures";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ params }) => json({ report: await textureAdviceFor(params.id) }));
