import { headers } from "next/headers";
import { LiveUpdates } from "@/components/live/live-updates";
import { AppNav } from "@/components/nav/app-nav";
import { Unavailable } from "@/components/status/unavailable";
import { requirePageUser } from "@/lib/auth/page-user";
import { isAppError } from "@/lib/errors";

export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  const path = (await headers()).get("x-pathname") ?? "/";
  let user;
  try {
    user = await requirePageUser(path);
  } catch (error) {
    // The database away (503): said in words, not a crash page; a redirect passes on as it is.
    if (isAppError(error) && error.status === 503) return <Unavailable message={error.message} retryHref={path} />;
    throw error;
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <AppNav user={user} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
        {children}
      </main>
      {/* Until a generated password is replaced, every API answer but the change is 403: no stream yet. */}
      {user.password_change_required ? null : <LiveUpdates userId={user.id} />}
    </div>
  );
}
