"use client";

import { useState } from "react";
import { useUsers } from "@/hooks/use-users";
import { CreateUserForm } from "./create-user-form";
import { OneTimePassword, type OneTimePasswordShown } from "./one-time-password";
import { UserTable } from "./user-table";

/** The Users page's interactive part: the create/invite form, a fresh password once, the list. */
export function UsersAdmin({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const [shown, setShown] = useState<OneTimePasswordShown | null>(null);
  return (
    <div className="space-y-8">
      <section aria-labelledby="add-user" className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
        <h2 id="add-user" className="text-lg font-semibold">Add a person</h2>
        <CreateUserForm onInvited={(invite) => setShown({ ...invite, reason: "invited" })} />
        {shown && <OneTimePassword {...shown} onDone={() => setShown(null)} />}
      </section>
      <section aria-labelledby="people" className="space-y-3">
        <h2 id="people" className="text-lg font-semibold">People</h2>
        {users.isPending && <p className="text-zinc-600">Loading people…</p>}
        {users.isError && <p role="alert" className="text-red-700">{users.error.message}</p>}
        {users.data && (
          <UserTable
            users={users.data}
            currentUserId={currentUserId}
            onReset={(reset) => setShown({ ...reset, reason: "reset" })}
          />
        )}
      </section>
    </div>
  );
}
