import { NewCampaignForm } from "@/components/campaigns/new-campaign-form";
import { PageHeader } from "@/components/ui/page-header";
import { RoleRefusal } from "@/components/users/role-refusal";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { readCampaignProductsLink } from "@/lib/schemas/campaign-params";
import { pageSearchParams } from "@/lib/schemas/query-params";
import { campaignProductChoices } from "@/lib/studio/product-ids";

export const metadata = { title: "New campaign" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The products the Products page chose (`?product_ids=`) are named here, on the server, so their
// chips show at once; every match of a filter (`?products_filter=`) is asked for by the form.
export default async function NewCampaignPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser("/campaigns/new");
  if (!can(user.role, "create")) return <RoleRefusal title="New campaign" role={user.role} what="starting campaigns" />;
  const link = readCampaignProductsLink(pageSearchParams(await searchParams));
  const products = await campaignProductChoices(link.productIds);
  return (
    <div className="space-y-6">
      <PageHeader
        title="New campaign"
        description="Make a launch's product shots in one go. Every product is shot in every scene and output; it runs on the server, so you can close this page."
      />
      <NewCampaignForm initialProducts={products} productsFilter={link.filter} />
    </div>
  );
}
