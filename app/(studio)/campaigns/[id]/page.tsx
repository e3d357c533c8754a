import { CampaignProgress } from "@/components/campaigns/campaign-progress";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";

export const metadata = { title: "Campaign" };

// The campaign is read in the browser, like a shot's page: the page follows it live (polled while
// it runs), and a campaign of 2,000 shots drawn into the HTML too would be sent twice.
export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/campaigns/${encodeURIComponent(id)}`);
  return <CampaignProgress id={id} canCreate={can(user.role, "create")} />;
}
