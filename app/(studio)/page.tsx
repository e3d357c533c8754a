import Link from "next/link";
import { NewProductLink } from "@/components/products/new-product-link";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/schemas/roles";
import { AwaitingReview } from "@/components/dashboard/awaiting-review";
import { ProductList } from "@/components/dashboard/product-list";
import { RecentShots } from "@/components/dashboard/recent-shots";
import { Prefetched } from "@/components/prefetch/prefetched";
import { optionalPageUser } from "@/lib/auth/page-user";
import { recentShotsQuery } from "@/lib/studio/first-pages";

export const metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // The layout has already required a signed-in user; here only the role matters.
  const user = await optionalPageUser();
  const canCreate = user !== null && can(user.role, "create");
  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description="Your products and their latest product shots."
        action={canCreate && <NewProductLink />}
      />
      <AwaitingReview />
      <section aria-labelledby="dashboard-products" className="space-y-3">
        <h2 id="dashboard-products" className="text-lg font-semibold">
          Products
        </h2>
        <ProductList canCreate={canCreate} />
      </section>
      <section aria-labelledby="dashboard-shots" className="space-y-3">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="dashboard-shots" className="text-lg font-semibold">
            Latest product shots
          </h2>
          <Link prefetch={false} href="/gallery" className="text-sm font-medium text-brand-700 underline">
            See all in the gallery
          </Link>
        </div>
        <Prefetched queries={[recentShotsQuery()]}>
          <RecentShots />
        </Prefetched>
      </section>
    </div>
  );
}
