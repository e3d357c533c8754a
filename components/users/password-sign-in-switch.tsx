"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import { useSetPasswordSignIn } from "@/hooks/use-users";
import type { PasswordSignInView } from "@/lib/api-types";

/**
 * Who may still sign in with a password once people sign in with their company account: everyone,
 * or one break-glass admin, for the day the company sign-in does not work.
 */
export function PasswordSignInSwitch({
  current,
  admins,
  companyName,
}: {
  current: PasswordSignInView;
  admins: { id: string; email: string }[];
  companyName: string;
}) {
  const [mode, setMode] = useState(current.mode);
  const [adminId, setAdminId] = useState((current.mode === "break_glass" && current.admin?.id) || admins[0]?.id || "");
  const save = useSetPasswordSignIn();
  const toast = useToast();
  const { refresh, refreshing } = useServerRefresh();
  const busy = save.isPending || refreshing;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(mode === "everyone" ? { mode } : { mode, admin_id: adminId }, {
      onSuccess: (saved) => {
        toast.show(
          saved.mode === "everyone"
            ? "Everyone may sign in with a password again."
            : `Only ${saved.admin?.email ?? "the break-glass admin"} may sign in with a password now.`,
          "success",
        );
        refresh();
      },
      onError: (e) => toast.show(e.message, "error"),
    });
  }

  return (
    <section
      aria-labelledby="password-sign-in"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 sm:p-6"
    >
      <h2 id="password-sign-in" className="text-lg font-semibold">
        Password sign-in
      </h2>
      <p className="text-sm text-zinc-600">
        People can sign in with “{companyName}”. Keep passwords for one admin only, for the day the company sign-in does
        not work; everyone else is then told to use “{companyName}”.
      </p>
      {current.mode === "break_glass" && !current.admin && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The break-glass admin&apos;s account was deleted: nobody can sign in with a password. Choose another admin.
        </p>
      )}
      <form onSubmit={onSubmit} className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="sr-only">Who may sign in with a password</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value="everyone"
              checked={mode === "everyone"}
              onChange={() => setMode("everyone")}
            />
            Everyone
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value="break_glass"
              checked={mode === "break_glass"}
              onChange={() => setMode("break_glass")}
            />
            Only the break-glass admin
          </label>
        </fieldset>
        {mode === "break_glass" && (
          <div className="text-sm">
            <label htmlFor="break-glass-admin" className="font-medium">
              Break-glass admin
            </label>
            <select
              id="break-glass-admin"
              className="mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm sm:w-80"
              value={adminId}
              onChange={(event) => setAdminId(event.target.value)}
            >
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.email}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </Button>
      </form>
    </section>
  );
}
