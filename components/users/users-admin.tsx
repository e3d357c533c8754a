"use client";

import { createContext, useContext, useState } from "react";
import { CreateUserForm } from "./create-user-form";
import { OneTimePassword, type OneTimePasswordShown } from "./one-time-password";

const ShowPassword = createContext<(shown: OneTimePasswordShown) => void>(() => {});

/** Lets a row's "Reset password" show the new password where an invitation's is shown. */
export const useShowOneTimePassword = () => useContext(ShowPassword);

/**
 * The Users page's add form and the one place a fresh one-time password is shown, around the list
 * the server draws (`children`).
 */
export function UsersAdmin({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState<OneTimePasswordShown | null>(null);
  return (
    <ShowPassword.Provider value={setShown}>
      <div className="space-y-8">
        <section aria-labelledby="add-user" className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6">
          <h2 id="add-user" className="text-lg font-semibold">
            Add a person
          </h2>
          <CreateUserForm onInvited={(invite) => setShown({ ...invite, reason: "invited" })} />
          {shown && <OneTimePassword key={shown.password} {...shown} onDone={() => setShown(null)} />}
        </section>
        {children}
      </div>
    </ShowPassword.Provider>
  );
}
