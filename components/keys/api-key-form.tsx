"use client";

import { useId, useState, type FormEvent } from "react";
import { RoleSelect } from "@/components/users/role-select";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { useCreateApiKey } from "@/hooks/use-api-keys";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import { isRoleWithin, ROLES, type Role } from "@/lib/schemas/roles";
import { createApiKeySchema, KEY_EXPIRY_DAYS } from "@/lib/schemas/api-key";
import { NewKeySecret } from "./new-key-secret";

const EXPIRY_WORDS: Record<(typeof KEY_EXPIRY_DAYS)[number], string> = {
  7: "In 7 days",
  30: "In 30 days",
  90: "In 90 days",
  365: "In a year",
};

/**
 * Creates a key for the account `endpoint` names, at a role up to `ceiling`; its secret comes back
 * this once and is shown until the person says they have copied it.
 */
export function ApiKeyForm({ endpoint, ceiling }: { endpoint: string; ceiling: Role }) {
  const { refresh } = useServerRefresh();
  const create = useCreateApiKey(endpoint);
  const roles = ROLES.filter((r) => isRoleWithin(r, ceiling));
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>(roles.includes("editor") ? "editor" : roles[0]);
  const [days, setDays] = useState<number>(90);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const form = useCheckedForm(createApiKeySchema);
  const expiryId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = form.check({ name, role, expires_in_days: days });
    if (!input) return;
    create.mutate(input, {
      onSuccess: ({ key, secret }) => {
        setName("");
        setCreated({ name: key.name, secret });
        refresh();
      },
      onError: form.refused,
    });
  }

  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      >
        <div className="space-y-1 sm:col-span-4">
          <h2 className="text-lg font-semibold">Create a key</h2>
          <p className="text-sm text-zinc-600">Name it after the system or script that will use it.</p>
        </div>
        <Field label="Key name" placeholder="e.g. PIM import" value={name} onChange={(e) => setName(e.target.value)} />
        <RoleSelect label="Role" value={role} onChange={setRole} roles={roles} />
        <div className="space-y-1">
          <label htmlFor={expiryId} className="block text-sm font-medium text-zinc-800">
            Expires
          </label>
          <select
            id={expiryId}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm pointer-coarse:min-h-11"
          >
            {KEY_EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {EXPIRY_WORDS[d]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          Create key
        </Button>
        <FormError error={form.error} className="sm:col-span-4" />
      </form>
      {created && <NewKeySecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
    </div>
  );
}
