"use client";

import { useState, type FormEvent } from "react";
import { RoleSelect } from "@/components/users/role-select";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { useRouter } from "next/navigation";
import { useCreateServiceAccount } from "@/hooks/use-api-keys";
import { useCheckedForm } from "@/hooks/use-checked-form";
import type { Role } from "@/lib/schemas/roles";
import { createServiceAccountSchema, SERVICE_ACCOUNT_ROLES } from "@/lib/schemas/api-key";

/** Adds a service account and opens its page, where its first key is made. */
export function ServiceAccountForm() {
  const router = useRouter();
  const create = useCreateServiceAccount();
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const form = useCheckedForm(createServiceAccountSchema);

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = form.check({ name, role });
    if (!input) return;
    create.mutate(input, {
      onSuccess: (account) => router.push(`/users/service-accounts/${encodeURIComponent(account.id)}`),
      onError: form.refused,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
      <Field
        label="Service account name"
        placeholder="PIM sync"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <RoleSelect label="Service account role" value={role} onChange={setRole} roles={SERVICE_ACCOUNT_ROLES} />
      <Button type="submit" disabled={create.isPending}>
        Add service account
      </Button>
      <FormError error={form.error} className="sm:col-span-3" />
    </form>
  );
}
