"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDeleteUser, useResetPassword, useUpdateUser } from "@/hooks/use-users";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import type { UserView } from "@/lib/api-types";
import { useShowOneTimePassword } from "./users-admin";

/** Disable or enable, reset the password, delete (asked first); the server draws the list again after. */
export function UserActions({ user }: { user: UserView }) {
  const update = useUpdateUser();
  const reset = useResetPassword();
  const remove = useDeleteUser();
  const toast = useToast();
  const showPassword = useShowOneTimePassword();
  const { refresh, refreshing } = useServerRefresh();
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const failed = (e: Error) => toast.show(e.message, "error");
  const enable = user.disabled;

  return (
    <div className="flex flex-wrap justify-start gap-2 sm:justify-end">
      <Button
        variant="secondary"
        disabled={update.isPending || refreshing}
        aria-label={`${enable ? "Enable" : "Disable"} ${user.email}`}
        onClick={() =>
          update.mutate(
            { id: user.id, change: { disabled: !enable } },
            {
              onSuccess: () => {
                toast.show(`${user.email} is ${enable ? "enabled" : "disabled"}.`, "success");
                refresh();
              },
              onError: failed,
            },
          )
        }
      >
        {enable ? "Enable" : "Disable"}
      </Button>
      <Button
        variant="secondary"
        disabled={reset.isPending}
        aria-label={`Reset password of ${user.email}`}
        onClick={() =>
          reset.mutate(user.id, {
            onSuccess: ({ password }) => {
              showPassword({ email: user.email, password, reason: "reset" });
              refresh();
            },
            onError: failed,
          })
        }
      >
        Reset password
      </Button>
      {/* Quiet on every row; the red, final button is in the question that follows. */}
      <Button
        variant="secondary"
        className="text-red-700"
        aria-label={`Delete ${user.email}`}
        onClick={() => setDeleting(true)}
      >
        Delete
      </Button>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${user.email}?`}
          confirmLabel="Delete user"
          busy={remove.isPending}
          error={deleteError}
          onClose={() => setDeleting(false)}
          onConfirm={(close) =>
            remove.mutate(user.id, {
              onSuccess: () => {
                toast.show(`${user.email} was deleted.`, "success");
                close();
                refresh();
              },
              onError: (e) => setDeleteError(e.message),
            })
          }
        >
          They can no longer sign in and their share links stop working. Their reviews stay in the history under their
          email. This cannot be undone; disable the account instead if they may come back.
        </ConfirmDialog>
      )}
    </div>
  );
}
