"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import { useRevokeShare } from "@/hooks/use-shares";

/** An active link's Revoke, which asks first (its address and Copy are beside its words). */
export function ShareActions({ id, name }: { id: string; name: string }) {
  const revoke = useRevokeShare();
  const toast = useToast();
  const { refresh } = useServerRefresh();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex gap-2">
      <Button variant="danger" onClick={() => setAsking(true)}>
        Revoke<span className="sr-only"> “{name}”</span>
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Revoke “${name}”?`}
          confirmLabel="Revoke link"
          busy={revoke.isPending}
          error={error}
          onClose={() => setAsking(false)}
          onConfirm={(close) =>
            revoke.mutate(id, {
              onSuccess: () => {
                toast.show(`“${name}” was revoked; the link no longer opens.`, "success");
                close();
                refresh();
              },
              onError: (e) => setError(e.message),
            })
          }
        >
          Anyone who opens the link from now on is told it does not work any more. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
