"use client";

import { useSignOut } from "@/hooks/use-session";

export function SignOutButton() {
  const signOut = useSignOut();
  // A full page load afterwards on purpose: nothing of the signed-in app keeps running in this
  // tab. Also when the request failed: the sign-in page then shows whether the session is over.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  const leave = () => window.location.assign("/sign-in");
  return (
    <button
      type="button"
      onClick={() => signOut.mutate(undefined, { onSettled: leave })}
      disabled={signOut.isPending}
      className="rounded-md border border-zinc-300 px-3 py-1.5 font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-50"
    >
      Sign out
    </button>
  );
}
