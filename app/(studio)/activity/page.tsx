import { ActivityLog } from "@/components/activity/activity-log";
import { requirePageUser } from "@/lib/auth/page-user";
import { can } from "@/lib/auth/roles";

export const metadata = { title: "Activity" };

// Admins only (the API refuses everyone else too): who did what, newest first.
export default async function ActivityPage() {
  const user = await requirePageUser("/activity");
  if (!can(user.role, "manage_users")) {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Activity</h1>
        <p className="text-zinc-700">Your role ({user.role}) does not allow seeing the team&apos;s activity. Ask an admin.</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Activity</h1>
        <p className="text-zinc-600">Who did what, newest first: products, training, shots, reviews, share links and accounts.</p>
      </div>
      <ActivityLog />
    </div>
  );
}
