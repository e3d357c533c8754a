"use client";

import { useHydrated } from "@/hooks/use-hydrated";
import { CopyButton } from "./copy-button";
import { shareUrl } from "./filter-words";

/**
 * An active link's address for its maker, to copy again (the server draws only the path: the
 * browser knows the address the app is reached at). Selected whole on focus, for copying by hand.
 */
export function ShareAddress({ url, name }: { url: string; name: string }) {
  const address = useHydrated() ? shareUrl(url) : url;
  return (
    <div className="flex max-w-xl items-center gap-2 pt-1">
      <label className="min-w-0 flex-1">
        <span className="sr-only">Address of “{name}”</span>
        <input
          readOnly
          value={address}
          onFocus={(e) => e.currentTarget.select()}
          className="block min-h-11 w-full min-w-0 truncate rounded-md border border-zinc-300 bg-zinc-50 px-2 font-mono text-xs text-zinc-800"
        />
      </label>
      <CopyButton text={address} label="Copy" srLabel={`link “${name}”`} />
    </div>
  );
}
