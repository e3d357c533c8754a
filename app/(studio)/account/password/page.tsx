import { ChangePasswordForm } from "@/components/account/change-password-form";
import { pageIsFirstPasswordChange, requirePageUser } from "@/lib/auth/page-user";
import { safeNextPath } from "@/lib/auth/next-path";
import { CHANGE_PASSWORD_PATH } from "@/lib/auth/next-path";

export const metadata = { title: "Change password" };

// Reached from the account menu, and the only page open to someone signed in with a password the
// app generated (an invitation, a reset, the first admin): they choose their own here first.
export default async function ChangePasswordPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const user = await requirePageUser(CHANGE_PASSWORD_PATH);
  const next = safeNextPath((await searchParams).next);
  const forced = user.password_change_required === true;
  if (!forced && user.has_password === false) {
    return (
      <div className="max-w-xl space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">No password to change</h1>
        <p className="text-zinc-600">
          You sign in with your company account ({user.email}), so Product Studio holds no password of yours. Change it
          at your company&apos;s sign-in page.
        </p>
      </div>
    );
  }
  // Right after signing in with the one-time password, that password is not asked a second time.
  const askCurrent = !(await pageIsFirstPasswordChange(user));
  return (
    <div className="space-y-6">
      <div className="max-w-xl space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {forced ? "Choose your own password" : "Change password"}
        </h1>
        <p className="text-zinc-600">
          {forced
            ? "You signed in with a one-time password. Choose your own to continue; the one-time password then stops working."
            : `Signed in as ${user.email}. Changing your password signs you out on your other devices.`}
        </p>
      </div>
      <ChangePasswordForm next={next.startsWith(CHANGE_PASSWORD_PATH) ? "/" : next} askCurrent={askCurrent} />
    </div>
  );
}
