import Link from "next/link";
import { Suspense } from "react";
import { ProductBrowser } from "@/components/products/product-browser";
import { buttonClass } from "@/components/ui/button";
import { optionalPageUser } from "@/lib/auth/page-user";

export const metadata = { title: "Products" };

export default async function ProductsPage() {
  // The layout has already required a signed-in user; here only the role matters.
  const user = await optionalPageUser();
  const canCreate = user !== null && user.role !== "reviewer";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Products</h1>
          <p className="text-zinc-600">Every product of your team, its LoRA and its shots. Open one to generate shots.</p>
        </div>
        {canCreate && (
          <Link href="/products/new" className={buttonClass("primary")}>
            New product
          </Link>
        )}
      </div>
      {/* The browser reads its filters from the URL (useSearchParams), so it renders in the browser. */}
      <Suspense fallback={<p role="status" className="text-sm text-zinc-600">Loading products…</p>}>
        <ProductBrowser canCreate={canCreate} />
      </Suspense>
    </div>
  );
}
