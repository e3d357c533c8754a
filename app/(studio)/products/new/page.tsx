import Link from "next/link";
import { NewProductForm } from "@/components/products/new-product-form";
import { can } from "@/lib/schemas/roles";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata = { title: "New product" };

export default async function NewProductPage() {
  const user = await requirePageUser("/products/new");
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">New product</h1>
        <p className="max-w-prose text-zinc-600">
          Create a product from a template and your texture images. Next, the service trains a LoRA of it, and then you
          can generate product shots.
        </p>
      </div>
      {can(user.role, "create") ? (
        <NewProductForm />
      ) : (
        <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">
          Your role ({user.role}) can view and review product shots but not create products. Ask an admin for editor
          access, or go back to the{" "}
          <Link href="/" className="font-medium underline">
            dashboard
          </Link>
          .
        </p>
      )}
    </div>
  );
}
