import Link from "next/link";
import { ApiKeyForm } from "@/components/keys/api-key-form";
import { ApiKeyList } from "@/components/keys/api-key-list";
import { DeleteServiceAccount } from "@/components/keys/delete-service-account";
import { PageHeader } from "@/components/ui/page-header";
import { RoleRefusal } from "@/components/users/role-refusal";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { isAppError } from "@/lib/errors";
import { serviceAccount, serviceAccountKeys } from "@/lib/studio/api-keys";
import { notFound } from "next/navigation";

export const metadata = { title: "Service account" };

// Admins only: a service account's keys, made and revoked here for the system that acts as it.
export default async function ServiceAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(`/users/service-accounts/${encodeURIComponent(id)}`);
  if (!can(user.role, "manage_users")) {
    return <RoleRefusal title="Service account" role={user.role} what="managing service accounts" />;
  }
  const account = await serviceAccount(id).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) notFound();
    throw error;
  });
  const keys = await serviceAccountKeys(account.id);
  return (
    <div className="space-y-6">
      <Link prefetch={false} href="/users" className="text-sm font-medium text-brand-700 hover:underline">
        ← Users
      </Link>
      <PageHeader
        title={`Service account “${account.name ?? account.email}”`}
        description={
          <>
            Another system acts as this account through its keys, as {account.role} at most. It never signs in.
            Everything its keys change shows on the Activity page with the key&apos;s name.
          </>
        }
        action={<DeleteServiceAccount id={account.id} name={account.name ?? account.email} />}
      />
      <ApiKeyForm endpoint={`/api/service-accounts/${encodeURIComponent(account.id)}/keys`} ceiling={account.role} />
      <ApiKeyList keys={keys} />
    </div>
  );
}
