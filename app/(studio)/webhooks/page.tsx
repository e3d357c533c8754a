import { WebhookForm } from "@/components/notify/webhook-form";
import { WebhookList } from "@/components/notify/webhook-list";
import { PageHeader } from "@/components/ui/page-header";
import { RoleRefusal } from "@/components/users/role-refusal";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { teamWebhooks } from "@/lib/studio/notify";

export const metadata = { title: "Webhooks" };

// Admins only: the API refuses everyone else too; this page says so instead of showing controls.
// The list is read on the server; the form and each webhook's buttons run in the browser.
export default async function WebhooksPage() {
  const user = await requirePageUser("/webhooks");
  if (!can(user.role, "manage_users")) {
    return <RoleRefusal title="Webhooks" role={user.role} what="managing the team's webhooks" />;
  }
  const hooks = await teamWebhooks();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={
          <>
            Tell a team channel when trainings finish, shots are ready, or shots are approved or rejected. Each call is
            JSON with a <code>text</code> line chat tools show, signed with the webhook&apos;s secret, and retried when
            it fails.
          </>
        }
      />
      <WebhookForm />
      <WebhookList hooks={hooks} />
    </div>
  );
}
