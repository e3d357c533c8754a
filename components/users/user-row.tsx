import type { UserView } from "@/lib/api-types";
import { UserActions } from "./user-actions";
import { UserRoleChange } from "./user-role-change";

/** One person: their role, whether they may sign in, and the admin's buttons. One's own is read-only here. */
export function UserRow({ user, isMe }: { user: UserView; isMe: boolean }) {
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-medium text-zinc-900">
        {user.email}
        {isMe && <span className="ml-2 text-xs font-normal text-zinc-500">(you)</span>}
      </th>
      <td className="px-4 py-3">
        <UserRoleChange user={user} isMe={isMe} />
      </td>
      <td className="px-4 py-3">
        {user.disabled ? <span className="text-red-700">Disabled</span> : <span className="text-emerald-700">Active</span>}
        {user.password_change_required && <span className="block text-xs text-zinc-500">One-time password</span>}
      </td>
      <td className="px-4 py-3">{!isMe && <UserActions user={user} />}</td>
    </tr>
  );
}
