"use client";

import { useState, type ComponentProps, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useServerRefresh } from "@/hooks/use-server-refresh";

interface RevokeMutation {
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/**
 * A Revoke that asks first (a share link, an API key: both stop at once and cannot come back),
 * then says so and has the server draw the list again.
 */
export function RevokeButton({
  id,
  revoke,
  button,
  title,
  confirmLabel,
  done,
  children,
}: {
  id: string;
  revoke: RevokeMutation;
  /** The button's look and label. */
  button: ComponentProps<typeof Button>;
  title: string;
  confirmLabel: string;
  /** The toast once it is revoked. */
  done: string;
  /** What revoking does, in the dialog. */
  children: ReactNode;
}) {
  const toast = useToast();
  const { refresh } = useServerRefresh();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button type="button" {...button} onClick={() => setAsking(true)} />
      {asking && (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          busy={revoke.isPending}
          error={error}
          onClose={() => setAsking(false)}
          onConfirm={(close) =>
            revoke.mutate(id, {
              onSuccess: () => {
                toast.show(done, "success");
                close();
                refresh();
              },
              onError: (e) => setError(e.message),
            })
          }
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
