import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** The pages' main action towards a new product, for people whose role may create one. */
export function NewProductLink() {
  return (
    <Link prefetch={false} href="/products/new" className={buttonClass("primary")}>
      New product
    </Link>
  );
}
