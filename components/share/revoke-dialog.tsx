"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useRevokeShare, type ShareView } from "@/hooks/use-shares";

/** A modal <dialog> asking before a link stops working for good. */
export function RevokeDialog({ share, onClose }: { share: ShareView; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const revoke = useRevokeShare();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const name = share.title ?? "this link";

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  function confirm() {
    revoke.mutate(share.id, {
      onSuccess: () => {
        toast.show(`“${name}” was revoked; the link no longer opens.`, "success");
        ref.current?.close();
      },
      onError: (e) => setError(e.message),
    });
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="revoke-share-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-zinc-200 p-6 shadow-xl backdrop:bg-zinc-900/40"
    >
      <h2 id="revoke-share-title" className="text-lg font-semibold">Revoke “{name}”?</h2>
      <p className="mt-2 text-sm text-zinc-700">Anyone who opens the link from now on is told it does not work any more. This cannot be undone.</p>
      {error && <p role="alert" className="mt-3 text-sm text-red-700">{error}</p>}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => ref.current?.close()} autoFocus>Cancel</Button>
        <Button variant="danger" onClick={confirm} disabled={revoke.isPending}>Revoke link</Button>
      </div>
    </dialog>
  );
}
