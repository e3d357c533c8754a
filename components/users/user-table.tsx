import type { UserView } from "@/lib/api-types";
import { UserRow } from "./user-row";

/** Everyone who may sign in, drawn on the server; each row's controls are small islands. */
export function UserTable({ users, currentUserId }: { users: UserView[]; currentUserId: string }) {
  return (
    <section aria-labelledby="people" className="space-y-3">
      <h2 id="people" className="text-lg font-semibold">
        People
      </h2>
      {/* Relative: the header's screen-reader-only words stay inside the scrolling box, not past the phone's edge. */}
      <div className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        {/* On a phone each person is a block (email, then role, status and actions under it), not a row running off the screen. */}
        <table role="table" className="w-full text-left text-sm max-sm:block">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-600 max-sm:sr-only">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 max-sm:block">
            {users.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === currentUserId} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
