import Link from "next/link";
import type { ProductView, ProductVersionLink } from "@/lib/types";
import { productName } from "@/lib/words/product-name";

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/** The product this one is a new version of, and its newer versions, each a link. */
export function VersionLinks({ product }: { product: ProductView }) {
  const next = product.next_versions ?? [];
  if (!product.previous_version && next.length === 0) return null;
  return (
    <ul aria-label="Versions" className="space-y-1 text-sm text-zinc-700">
      {product.previous_version && (
        <li>
          New version of <VersionLink link={product.previous_version} />.
        </li>
      )}
      {next.length > 0 && (
        <li>
          {next.length === 1 ? "Newer version: " : "Newer versions: "}
          {next.map((link, i) => (
            <span key={link.id}>
              {i > 0 && ", "}
              <VersionLink link={link} />
            </span>
          ))}
          .
        </li>
      )}
    </ul>
  );
}

function VersionLink({ link }: { link: ProductVersionLink }) {
  return (
    <Link prefetch={false} href={`/products/${encodeURIComponent(link.id)}`} className={LINK}>
      {productName(link.name)}
    </Link>
  );
}
