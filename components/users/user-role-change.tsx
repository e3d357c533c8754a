"use client";

import { useToast } from "@/components/ui/toast";
import { useUpdateUser } from "@/hooks/use-users";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import type { UserView } from "@/lib/api-types";
import { RoleSelect } from "./role-select";

/** A person's role, changed at once; the list is drawn again by the server after. */
export function UserRoleChange({ user, isMe }: { user: UserView; isMe: boolean }) {
  const update = useUpdateUser();
  const toast = useToast();
  const { refresh, refreshing } = useServerRefresh();
  const busy = update.isPending || refreshing;
  // The role just picked stays shown until the new drawing arrives, not the old one in between.
  const role = busy ? (update.variables?.change.role ?? user.role) : user.role;
  return (
    <RoleSelect
      label={`Role of ${user.email}`}
      hideLabel
      value={role}
      disabled={isMe || busy}
      onChange={(next) =>
        update.mutate(
          { id: user.id, change: { role: next } },
          {
            onSuccess: () => {
              toast.show(`${user.email} is now ${next}.`, "success");
              refresh();
            },
            onError: (e) => toast.show(e.message, "error"),
          },
        )
      }
    />
  );
}
