"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDeleteUser } from "@/hooks/use-users";

/** Deletes a service account after asking: its keys stop at once; the admin is taken back to Users. */
export function DeleteServiceAccount({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const remove = useDeleteUser();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button type="button" variant="secondary" className="text-red-700" onClick={() => setAsking(true)}>
        Delete service account
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Delete the service account “${name}”?`}
          confirmLabel="Delete service account"
          busy={remove.isPending}
          error={error}
          onClose={() => setAsking(false)}
          onConfirm={(close) =>
            remove.mutate(id, {
              onSuccess: () => {
                toast.show(`The service account “${name}” is deleted.`, "success");
                close();
                router.push("/users");
              },
              onError: (e) => setError(e.message),
            })
          }
        >
          Every one of its keys stops working at once. What it made stays, under its name on the Activity page. This
          cannot be undone.
        </ConfirmDialog>
      )}
    </>
  );
}
