"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { ShareView } from "@/lib/api-types";
import { useRevokeShare } from "@/hooks/use-shares";

/** Asks before a link stops working for good. */
export function RevokeDialog({ share, onClose }: { share: ShareView; onClose: () => void }) {
  const revoke = useRevokeShare();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const name = share.title ?? "this link";
  return (
    <ConfirmDialog
      title={`Revoke “${name}”?`}
      confirmLabel="Revoke link"
      busy={revoke.isPending}
      error={error}
      onClose={onClose}
      onConfirm={(close) =>
        revoke.mutate(share.id, {
          onSuccess: () => {
            toast.show(`“${name}” was revoked; the link no longer opens.`, "success");
            close();
          },
          onError: (e) => setError(e.message),
        })
      }
    >
      Anyone who opens the link from now on is told it does not work any more. This cannot be undone.
    </ConfirmDialog>
  );
}
