"use client";

import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { UserView } from "@/lib/api-types";
import { useResetPassword, useUpdateUser } from "@/hooks/use-users";
import { RoleSelect } from "./role-select";

/** One person: change the role, disable or enable, reset the password, delete. One's own is read-only here. */
export function UserRow({
  user,
  isMe,
  onDelete,
  onReset,
}: {
  user: UserView;
  isMe: boolean;
  onDelete: () => void;
  onReset: (reset: { email: string; password: string }) => void;
}) {
  const update = useUpdateUser();
  const reset = useResetPassword();
  const toast = useToast();
  const change = (change: { role?: UserView["role"]; disabled?: boolean }, done: string) =>
    update.mutate(
      { id: user.id, change },
      { onSuccess: () => toast.show(done, "success"), onError: (e) => toast.show(e.message, "error") },
    );
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-medium text-zinc-900">
        {user.email}
        {isMe && <span className="ml-2 text-xs font-normal text-zinc-500">(you)</span>}
      </th>
      <td className="px-4 py-3">
        <RoleSelect
          label={`Role of ${user.email}`}
          hideLabel
          value={user.role}
          disabled={isMe || update.isPending}
          onChange={(role) => change({ role }, `${user.email} is now ${role}.`)}
        />
      </td>
      <td className="px-4 py-3">
        {user.disabled ? <span className="text-red-700">Disabled</span> : <span className="text-emerald-700">Active</span>}
        {user.password_change_required && <span className="block text-xs text-zinc-500">One-time password</span>}
      </td>
      <td className="px-4 py-3">
        {!isMe && (
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              disabled={update.isPending}
              aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.email}`}
              onClick={() =>
                change({ disabled: !user.disabled }, `${user.email} is ${user.disabled ? "enabled" : "disabled"}.`)
              }
            >
              {user.disabled ? "Enable" : "Disable"}
            </Button>
            <Button
              variant="secondary"
              disabled={reset.isPending}
              aria-label={`Reset password of ${user.email}`}
              onClick={() =>
                reset.mutate(user.id, {
                  onSuccess: ({ password }) => onReset({ email: user.email, password }),
                  onError: (e) => toast.show(e.message, "error"),
                })
              }
            >
              Reset password
            </Button>
            <Button variant="danger" aria-label={`Delete ${user.email}`} onClick={onDelete}>
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
