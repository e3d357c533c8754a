"use client";

import { useChangeShareSignOff } from "@/hooks/use-share-sign-off";
import { useServerRefresh } from "@/hooks/use-server-refresh";

/** The maker's switch: may the link's visitors approve and comment under a typed name? */
export function SignOffSwitch({ id, on, name }: { id: string; on: boolean; name: string }) {
  const change = useChangeShareSignOff();
  const { refresh, refreshing } = useServerRefresh();
  const busy = change.isPending || refreshing;
  // What was just sent stays shown until the server's new drawing of the list arrives.
  const checked = busy && change.variables ? change.variables.sign_off : on;
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={busy}
          onChange={(e) => change.mutate({ id, sign_off: e.target.checked }, { onSuccess: refresh })}
          className="size-5 accent-brand-600"
        />
        Client can approve and comment<span className="sr-only"> on “{name}”</span>
      </label>
      {change.isError && (
        <span role="alert" className="text-xs text-red-700">
          Not changed: {change.error.message}
        </span>
      )}
    </div>
  );
}
