import { PageHeader } from "@/components/ui/page-header";
import { WebhooksAdmin } from "@/components/notify/webhooks-admin";
import { RoleRefusal } from "@/components/users/role-refusal";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/auth/roles";

export const metadata = { title: "Webhooks" };

// Admins only: the API refuses everyone else too; this page says so instead of showing controls.
export default async function WebhooksPage() {
  const user = await requirePageUser("/webhooks");
  if (!can(user.role, "manage_users")) {
    return <RoleRefusal title="Webhooks" role={user.role} what="managing the team's webhooks" />;
  }
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={
          <>
          Tell a team channel when trainings finish, shots are ready, or shots are approved or rejected. Each call is JSON
          with a <code>text</code> line chat tools show, signed with the webhook&apos;s secret, and retried when it fails.
          </>
        }
      />
      <WebhooksAdmin />
    </div>
  );
}
