"use client";

import { useState } from "react";
import type { UserView } from "@/lib/api-types";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { UserRow } from "./user-row";

/** Everyone who may sign in; changes apply at once, deletion asks first. */
export function UserTable({
  users,
  currentUserId,
  onReset,
}: {
  users: UserView[];
  currentUserId: string;
  onReset: (reset: { email: string; password: string }) => void;
}) {
  const [deleting, setDeleting] = useState<UserView | null>(null);
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">Email</th>
              <th scope="col" className="px-4 py-2 font-medium">Role</th>
              <th scope="col" className="px-4 py-2 font-medium">Status</th>
              <th scope="col" className="px-4 py-2 font-medium"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isMe={user.id === currentUserId}
                onDelete={() => setDeleting(user)}
                onReset={onReset}
              />
            ))}
          </tbody>
        </table>
      </div>
      {deleting && <ConfirmDeleteDialog user={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
