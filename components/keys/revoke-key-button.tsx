"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useRevokeApiKey } from "@/hooks/use-api-keys";
import { useServerRefresh } from "@/hooks/use-server-refresh";

/** Revokes a key after asking: the next request with it is refused; the server then draws the list again. */
export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const { refresh } = useServerRefresh();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button type="button" variant="secondary" className="text-red-700" aria-label={`Revoke ${name}`} onClick={() => setAsking(true)}>
        Revoke
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Revoke the key “${name}”?`}
          confirmLabel="Revoke key"
          busy={revoke.isPending}
          error={error}
          onClose={() => setAsking(false)}
          onConfirm={(close) =>
            revoke.mutate(id, {
              onSuccess: () => {
                toast.show(`The key “${name}” is revoked.`, "success");
                close();
                refresh();
              },
              onError: (e) => setError(e.message),
            })
          }
        >
          Whatever uses it is refused from its next request. This cannot be undone; create a new key if it is needed again.
        </ConfirmDialog>
      )}
    </>
  );
}
