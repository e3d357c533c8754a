"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useDeleteUser, type UserView } from "@/hooks/use-users";

/** A modal <dialog> (focus trap, Escape) asking before an account is deleted for good. */
export function ConfirmDeleteDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const remove = useDeleteUser();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  function confirm() {
    remove.mutate(user.id, {
      onSuccess: () => {
        toast.show(`${user.email} was deleted.`, "success");
        onClose();
      },
      onError: (e) => setError(e.message),
    });
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="delete-user-title"
      className="m-auto w-full max-w-md rounded-lg border border-zinc-200 p-6 shadow-xl backdrop:bg-zinc-900/40"
    >
      <h2 id="delete-user-title" className="text-lg font-semibold">Delete {user.email}?</h2>
      <p className="mt-2 text-sm text-zinc-700">
        They can no longer sign in and their share links stop working. Their reviews stay in the history under their
        email. This cannot be undone; disable the account instead if they may come back.
      </p>
      {error && <p role="alert" className="mt-3 text-sm text-red-700">{error}</p>}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => ref.current?.close()} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          Delete user
        </Button>
      </div>
    </dialog>
  );
}
