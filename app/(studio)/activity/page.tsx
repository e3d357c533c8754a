import { ActivityLog } from "@/components/activity/activity-log";
import { PageHeader } from "@/components/ui/page-header";
import { RoleRefusal } from "@/components/users/role-refusal";
import { listAuditEvents } from "@/lib/audit/list";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { auditQuerySchema } from "@/lib/schemas/audit-query";
import { listUserViews } from "@/lib/studio/users";

export const metadata = { title: "Activity" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Admins only (the API refuses everyone else too): who did what, newest first. Drawn on the
// server from the database; the filters live in the address (?actor=&action=).
export default async function ActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser("/activity");
  if (!can(user.role, "manage_users")) {
    return <RoleRefusal title="Activity" role={user.role} what="seeing the team's activity" />;
  }
  const params = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
  // A filter from a hand-edited address that the log does not know is dropped, not an error page.
  const parsed = auditQuerySchema.safeParse({ actor: one(params.actor), action: one(params.action) });
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const filter = { actor: query.actor, action: query.action };
  const [first, users] = await Promise.all([listAuditEvents(query), listUserViews()]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Activity"
        description="Who did what, newest first: products, training, shots, reviews, share links and accounts."
      />
      <ActivityLog filter={filter} first={first} people={users.map(({ id, email }) => ({ id, email }))} />
    </div>
  );
}
