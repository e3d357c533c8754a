import { UsersAdmin } from "@/components/users/users-admin";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/auth/roles";

export const metadata = { title: "Users" };

// Admins only: the API refuses everyone else too; this page says so instead of showing controls.
export default async function UsersPage() {
  const user = await requirePageUser("/users");
  if (!can(user.role, "manage_users")) {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
        <p className="text-zinc-700">
          Your role ({user.role}) does not allow managing users. Ask an admin if you need an account changed.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
        <p className="text-zinc-600">
          Who may sign in, and what they may do. Editors create products and shots; reviewers see, review and download
          them but cannot spend the service&apos;s credits.
        </p>
      </div>
      <UsersAdmin currentUserId={user.id} />
    </div>
  );
}
