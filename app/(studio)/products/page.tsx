import { NewProductLink } from "@/components/products/new-product-link";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/schemas/roles";
import { Suspense } from "react";
import { ProductBrowser } from "@/components/products/product-browser";
import type { FirstProductPage } from "@/hooks/use-products";
import { optionalPageUser } from "@/lib/auth/page-user";
import { log } from "@/lib/log";
import { productSearchParams, type ProductListView } from "@/lib/schemas/product-params";
import { productListViewFrom } from "@/lib/schemas/product-query";
import { pageSearchParams } from "@/lib/schemas/query-params";
import { listProductPage } from "@/lib/studio/product-list";

export const metadata = { title: "Products" };

/** The first page of the view in the URL, drawn here so the first cards need no extra round trip. */
async function firstPage(view: ProductListView): Promise<FirstProductPage | null> {
  // A URL that does not parse: the browser shows every product and says why.
  if (view.invalid) return null;
  try {
    return { key: productSearchParams(view.filters).toString(), page: await listProductPage(view.filters) };
  } catch (error) {
    log.warn({ err: error }, "products page: first page left to the browser");
    return null;
  }
}

export default async function ProductsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // The layout requires a signed-in user too, but renders alongside: nothing is read without one.
  const user = await optionalPageUser();
  const search = pageSearchParams(await searchParams);
  const view = productListViewFrom(search);
  const first = user ? await firstPage(view) : null;
  const canCreate = user !== null && can(user.role, "create");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Products"
        description="Every product of your team, its LoRA and its shots. Open one to generate shots."
        action={canCreate && <NewProductLink />}
      />
      {/* The browser follows its URL (useSearchParams), so it renders in the browser. */}
      <Suspense
        fallback={
          <p role="status" className="text-sm text-zinc-600">
            Loading products…
          </p>
        }
      >
        <ProductBrowser canCreate={canCreate} view={view} first={first} />
      </Suspense>
    </div>
  );
}
