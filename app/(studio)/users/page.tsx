import { ServiceAccountList } from "@/components/keys/service-account-list";
import { PageHeader } from "@/components/ui/page-header";
import { RoleRefusal } from "@/components/users/role-refusal";
import { UserTable } from "@/components/users/user-table";
import { PasswordSignInSwitch } from "@/components/users/password-sign-in-switch";
import { UsersAdmin } from "@/components/users/users-admin";
import { oidcSettings } from "@/lib/auth/oidc-settings/settings";
import { getPasswordSignIn } from "@/lib/auth/password-sign-in";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/schemas/roles";
import { listServiceAccounts } from "@/lib/studio/api-keys";
import { listUserViews } from "@/lib/studio/users";

export const metadata = { title: "Users" };

// Admins only: the API refuses everyone else too; this page says so instead of showing controls.
// The list is read on the server; the add form and each row's controls run in the browser.
export default async function UsersPage() {
  const user = await requirePageUser("/users");
  if (!can(user.role, "manage_users")) {
    return <RoleRefusal title="Users" role={user.role} what="managing users" />;
  }
  const [users, serviceAccounts] = await Promise.all([listUserViews(), listServiceAccounts()]);
  const company = oidcSettings();
  const passwordSignIn = company ? await getPasswordSignIn() : null;
  const admins = users.filter((u) => u.role === "admin" && !u.disabled).map(({ id, email }) => ({ id, email }));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description={
          <>
            Who may sign in, and what they may do. Editors create products and shots; reviewers see, review and download
            them but cannot spend the service&apos;s credits.
          </>
        }
      />
      {company && passwordSignIn && (
        <PasswordSignInSwitch current={passwordSignIn} admins={admins} companyName={company.name} />
      )}
      <UsersAdmin>
        <UserTable users={users} currentUserId={user.id} />
      </UsersAdmin>
      <ServiceAccountList accounts={serviceAccounts} />
    </div>
  );
}
