import { NewProductLink } from "@/components/products/new-product-link";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { Suspense } from "react";
import { ProductBrowser } from "@/components/products/product-browser";
import type { FirstProductPage } from "@/hooks/use-products";
import { optionalPageUser } from "@/lib/auth/page-user";
import { log } from "@/lib/log";
import { productSearchParams, PRODUCT_QUERY_KEYS } from "@/lib/schemas/product-params";
import { productQuerySchema } from "@/lib/schemas/product-query";
import { listProductPage } from "@/lib/studio/product-list";

export const metadata = { title: "Products" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The first page of the view in the URL, drawn here so the first cards need no extra round trip. */
async function firstPage(searchParams: SearchParams): Promise<FirstProductPage | null> {
  const raw: Record<string, string> = {};
  for (const key of PRODUCT_QUERY_KEYS) {
    const value = searchParams[key];
    if (typeof value === "string" && key !== "cursor" && key !== "limit") raw[key] = value;
  }
  const query = productQuerySchema.safeParse(raw);
  // A URL that does not parse: the browser shows every product and says why.
  if (!query.success) return null;
  try {
    return { key: productSearchParams(query.data).toString(), page: await listProductPage(query.data) };
  } catch (error) {
    log.warn({ err: error }, "products page: first page left to the browser");
    return null;
  }
}

export default async function ProductsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // The layout requires a signed-in user too, but renders alongside: nothing is read without one.
  const user = await optionalPageUser();
  const first = user ? await firstPage(await searchParams) : null;
  const canCreate = user !== null && can(user.role, "create");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Products"
        description="Every product of your team, its LoRA and its shots. Open one to generate shots."
        action={canCreate && <NewProductLink />}
      />
      {/* The browser reads its filters from the URL (useSearchParams), so it renders in the browser. */}
      <Suspense fallback={<p role="status" className="text-sm text-zinc-600">Loading products…</p>}>
        <ProductBrowser canCreate={canCreate} first={first} />
      </Suspense>
    </div>
  );
}
