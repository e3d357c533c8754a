"use client";

import { useId } from "react";
import { ROLES, type Role } from "@/lib/schemas/roles";

/** A labelled role picker; `hideLabel` keeps the label for screen readers only (table rows). */
export function RoleSelect({
  label,
  value,
  onChange,
  disabled,
  hideLabel,
  roles = ROLES,
}: {
  /** The roles offered, when not all three (a key's role is at most its owner's). */
  roles?: readonly Role[];
  label: string;
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-zinc-800"}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as Role)}
        className="block w-full min-w-28 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm disabled:opacity-50 pointer-coarse:min-h-11"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </div>
  );
}
