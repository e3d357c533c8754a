import "server-only";
import type { CampaignFilter } from "@/lib/api-types";
import { getCampaignRecord } from "@/lib/db/campaigns";
import { getDb } from "@/lib/db/client";

/**
 * The campaign (or batch) a page is filtered to, by name, read on the server with the page so its
 * "Campaign: …" label is in the first HTML. An id no campaign has is still said, not hidden: the
 * page shows nothing of it, and the label says why.
 */
export async function campaignFilter(id: string | undefined): Promise<CampaignFilter | null> {
  if (!id) return null;
  const record = await getCampaignRecord(await getDb(), id);
  return { id, name: record?.name ?? "not found (it may have been deleted)" };
}
