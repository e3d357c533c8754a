import Link from "next/link";
import { CampaignList } from "@/components/campaigns/campaign-list";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { campaignRequest } from "@/lib/campaigns/request";
import { listCampaigns } from "@/lib/campaigns/views";
import { CAMPAIGN_PAGE_SIZE } from "@/lib/schemas/campaign";

export const metadata = { title: "Campaigns" };

// Drawn on the server from the database, like the Activity page: the list only shows data, so its
// first page needs no script and no round trip; "Show older" is the one island. A campaign's own
// page is the one that follows its progress live.
export default async function CampaignsPage() {
  const user = await requirePageUser("/campaigns");
  const canCreate = can(user.role, "create");
  const first = await listCampaigns(await campaignRequest(), { limit: CAMPAIGN_PAGE_SIZE });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Campaigns"
        description="A launch's product shots made in one go: products × scenes × outputs, newest first."
        action={
          canCreate && (
            <Link prefetch={false} href="/campaigns/new" className={buttonClass("primary")}>
              New campaign
            </Link>
          )
        }
      />
      <CampaignList first={first} canCreate={canCreate} />
    </div>
  );
}
