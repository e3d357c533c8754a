import { PageHeader } from "@/components/ui/page-header";
import { ShareList } from "@/components/share/share-list";
import { can } from "@/lib/schemas/roles";
import { requirePageUser } from "@/lib/auth/page-user";
import { listSharesFor } from "@/lib/studio/shares";

export const metadata = { title: "Shared links" };

// Drawn on the server; each active link's switch and buttons run in the browser.
export default async function SharesPage() {
  const user = await requirePageUser("/shares");
  const admin = can(user.role, "manage_users");
  const shares = await listSharesFor(user);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Shared links"
        description={
          <>
            Links to gallery views that open without an account{admin ? " — everyone’s, as you are an admin" : ""}.
            Where you allow it, the people you send one to can approve images and comment under their name.
          </>
        }
      />
      <ShareList shares={shares} showAuthor={admin} />
    </div>
  );
}
