"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { UserView } from "@/lib/api-types";
import { useDeleteUser } from "@/hooks/use-users";

/** Asks before an account is deleted for good. */
export function ConfirmDeleteDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const remove = useDeleteUser();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title={`Delete ${user.email}?`}
      confirmLabel="Delete user"
      busy={remove.isPending}
      error={error}
      onClose={onClose}
      onConfirm={(close) =>
        remove.mutate(user.id, {
          onSuccess: () => {
            toast.show(`${user.email} was deleted.`, "success");
            close();
          },
          onError: (e) => setError(e.message),
        })
      }
    >
      They can no longer sign in and their share links stop working. Their reviews stay in the history under their
      email. This cannot be undone; disable the account instead if they may come back.
    </ConfirmDialog>
  );
}
