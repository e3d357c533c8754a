"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useCreateUser } from "@/hooks/use-users";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import type { Role } from "@/lib/schemas/roles";
import { createUserSchema } from "@/lib/schemas/user";
import { RoleSelect } from "./role-select";

/** Create with a password, or leave it empty to invite with a generated one-time password. */
export function CreateUserForm({ onInvited }: { onInvited: (invite: { email: string; password: string }) => void }) {
  const create = useCreateUser();
  const toast = useToast();
  const { refresh } = useServerRefresh();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("reviewer");
  const [password, setPassword] = useState("");
  const form = useCheckedForm(createUserSchema);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check({ email, role, password: password || undefined });
    if (!input) return;
    create.mutate(input, {
      onSuccess: ({ user, password: generated }) => {
        setEmail("");
        setPassword("");
        refresh();
        if (generated) onInvited({ email: user.email, password: generated });
        else toast.show(`${user.email} can now sign in as ${user.role}.`, "success");
      },
      onError: form.refused,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
      <Field
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <RoleSelect label="Role" value={role} onChange={setRole} />
      <Field
        label="Password (optional)"
        type="password"
        autoComplete="new-password"
        hint="Leave empty to invite: a one-time password is shown once."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={create.isPending}>
        {password ? "Create user" : "Invite"}
      </Button>
      <FormError error={form.error} className="sm:col-span-4" />
    </form>
  );
}
