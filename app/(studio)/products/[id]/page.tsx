import { Prefetched } from "@/components/prefetch/prefetched";
import { ProductDetail } from "@/components/products/product-detail";
import { can } from "@/lib/schemas/roles";
import { requirePageUser } from "@/lib/auth/page-user";
import { productQueries } from "@/lib/studio/first-pages";

export const metadata = { title: "Product" };

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/products/${encodeURIComponent(id)}`);
  return (
    <Prefetched queries={productQueries(id)}>
      <ProductDetail productId={id} canCreate={can(user.role, "create")} />
    </Prefetched>
  );
}
