"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

export function SignOutButton() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    // Stop every poll first: a refetch landing after the session ended would only fail with 401.
    await queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setDefaultOptions({ queries: { enabled: false } });
    await fetch("/api/session", { method: "DELETE" }).catch(() => undefined);
    // A full page load on purpose: nothing of the signed-in app keeps running in this tab.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/sign-in");
  }
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={busy}
      className="rounded-md border border-zinc-300 px-3 py-1.5 font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-50"
    >
      Sign out
    </button>
  );
}
