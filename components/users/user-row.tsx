import type { UserView } from "@/lib/api-types";
import { UserActions } from "./user-actions";
import { UserRoleChange } from "./user-role-change";

/** One person: their role, whether they may sign in, and the admin's buttons. One's own is read-only here. */
export function UserRow({ user, isMe }: { user: UserView; isMe: boolean }) {
  return (
    <tr role="row" className="max-sm:block max-sm:py-2">
      <th
        scope="row"
        role="rowheader"
        className="px-4 py-3 font-medium break-all text-zinc-900 max-sm:block max-sm:pb-1"
      >
        {user.email}
        {isMe && <span className="ml-2 text-xs font-normal text-zinc-500">(you)</span>}
      </th>
      <td role="cell" className="px-4 py-3 max-sm:block max-sm:py-1">
        <span className="mr-2 text-xs text-zinc-500 sm:hidden">Role</span>
        <UserRoleChange user={user} isMe={isMe} />
      </td>
      <td role="cell" className="px-4 py-3 max-sm:block max-sm:py-1">
        <span className="mr-2 text-xs text-zinc-500 sm:hidden">Status</span>
        {user.disabled ? (
          <span className="text-red-700">Disabled</span>
        ) : (
          <span className="text-emerald-700">Active</span>
        )}
        {user.password_change_required && <span className="block text-xs text-zinc-500">One-time password</span>}
      </td>
      <td role="cell" className="px-4 py-3 max-sm:block max-sm:pt-2">
        {!isMe && <UserActions user={user} />}
      </td>
    </tr>
  );
}
