// GET /api/products/ids?q=&template_id=&lora=&archived=&sort=: the ids of every product the Products page's
// filter matches (not only its loaded page), at most a campaign's 3,000, with words when capped.
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { parseProductQuery } from "@/lib/schemas/product-query";
import { listProductIds } from "@/lib/studio/product-ids";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  // The list's own parsing: the same keys mean the same filter; its cursor and limit are ignored.
  const { q, template_id, lora, archived, sort } = parseProductQuery(new URL(request.url).searchParams);
  return json(await listProductIds({ q, template_id, lora, archived, sort }));
});
