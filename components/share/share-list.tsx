"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ShareView } from "@/lib/api-types";
import { knownShareUrl, useShares } from "@/hooks/use-shares";
import { formatDateTime } from "@/lib/format";
import { imageCountWords } from "@/lib/image-count";
import { CopyButton } from "./copy-button";
import { filterWords, shareUrl } from "./filter-words";
import { RevokeDialog } from "./revoke-dialog";
import { SignOffSwitch } from "./sign-off-switch";

type Status = "active" | "expired" | "revoked";
const statusOf = (s: ShareView): Status => (s.revoked_at ? "revoked" : s.active ? "active" : "expired");
const STATUS_CLASS: Record<Status, string> = {
  active: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  expired: "bg-zinc-100 text-zinc-800 ring-zinc-300",
  revoked: "bg-red-100 text-red-900 ring-red-300",
};

/** My share links (all of them for an admin): status, expiry, the filter in words, Copy and Revoke. */
export function ShareList({ showAuthor }: { showAuthor: boolean }) {
  const query = useShares();
  const [revoking, setRevoking] = useState<ShareView | null>(null);

  if (query.isPending) return <p role="status" className="text-sm text-zinc-600">Loading shared links…</p>;
  if (query.isError) {
    return (
      <div role="alert" className="space-y-2 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
        <p>Shared links could not be loaded: {query.error.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-700">
        No shared links yet. In the gallery, filter the view you want to show and press “Share this view”.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Shared links" className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
        {query.data.map((share) => {
          const status = statusOf(share);
          const name = share.title ?? "Untitled link";
          const url = knownShareUrl(share.id);
          return (
            <li key={share.id} aria-label={name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-zinc-900">{name}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${STATUS_CLASS[status]}`}>{status}</span>
                </p>
                <p className="text-sm text-zinc-700">
                  {typeof share.images === "number" && `${imageCountWords(share.images)} · `}
                  {filterWords(share.filter, share.product_name)}
                </p>
                <p className="text-xs text-zinc-600">
                  {status === "revoked" && share.revoked_at ? `Revoked ${formatDateTime(share.revoked_at)}` : `${status === "expired" ? "Expired" : "Expires"} ${formatDateTime(share.expires_at)}`}
                  {` · made ${formatDateTime(share.created_at)}`}
                  {showAuthor && share.created_by_email ? ` by ${share.created_by_email}` : ""}
                </p>
                {status === "active" && <SignOffSwitch share={share} name={name} />}
              </div>
              {status === "active" && (
                <div className="flex gap-2">
                  {url ? (
                    <CopyButton text={shareUrl(url)} label="Copy" srLabel={`link “${name}”`} />
                  ) : (
                    <span className="max-w-48 text-xs text-zinc-600">The address is shown only when the link is made.</span>
                  )}
                  <Button variant="danger" onClick={() => setRevoking(share)}>
                    Revoke<span className="sr-only"> “{name}”</span>
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {revoking && <RevokeDialog share={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}
