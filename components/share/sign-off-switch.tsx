"use client";

import { useChangeShareSignOff } from "@/hooks/use-share-sign-off";
import type { ShareView } from "@/lib/api-types";

/** The maker's switch: may the link's visitors approve and comment under a typed name? */
export function SignOffSwitch({ share, name }: { share: ShareView; name: string }) {
  const change = useChangeShareSignOff();
  const on = change.isPending && change.variables ? change.variables.sign_off : share.sign_off;
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ id: share.id, sign_off: e.target.checked })}
          className="size-5 accent-brand-600"
        />
        Client can approve and comment<span className="sr-only"> on “{name}”</span>
      </label>
      {change.isError && <span role="alert" className="text-xs text-red-700">Not changed: {change.error.message}</span>}
    </div>
  );
}
