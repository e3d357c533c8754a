"use client";

import { useSignOut } from "@/hooks/use-session";

/** Signing out, for a menu item or a plain button. */
export function useSignOutAction() {
  const signOut = useSignOut();
  // A full page load afterwards on purpose: nothing of the signed-in app keeps running in this
  // tab. Also when the request failed: the sign-in page then shows whether the session is over.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  const leave = () => window.location.assign("/sign-in");
  return {
    label: "Sign out",
    onSelect: () => signOut.mutate(undefined, { onSettled: leave }),
    disabled: signOut.isPending,
  };
}

export function SignOutButton({ className = "" }: { className?: string }) {
  const action = useSignOutAction();
  return (
    <button
      type="button"
      onClick={action.onSelect}
      disabled={action.disabled}
      className={`min-h-11 rounded-md border border-zinc-300 px-3 font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-50 ${className}`}
    >
      {action.label}
    </button>
  );
}
