"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useHydrated } from "@/hooks/use-hydrated";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import { knownShareUrl, useRevokeShare } from "@/hooks/use-shares";
import { CopyButton } from "./copy-button";
import { shareUrl } from "./filter-words";

/** An active link's Copy (when this tab made it) and Revoke, which asks first. */
export function ShareActions({ id, name }: { id: string; name: string }) {
  const revoke = useRevokeShare();
  const toast = useToast();
  const { refresh } = useServerRefresh();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The address lives only in this tab's memory: the server never has it to draw.
  const url = useHydrated() ? knownShareUrl(id) : undefined;
  return (
    <div className="flex gap-2">
      {url ? (
        <CopyButton text={shareUrl(url)} label="Copy" srLabel={`link “${name}”`} />
      ) : (
        <span className="max-w-48 text-xs text-zinc-600">The address is shown only when the link is made.</span>
      )}
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
