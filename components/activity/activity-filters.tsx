"use client";

import { usePathname, useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import type { AuditFilter } from "@/hooks/use-audit";
import { AUDIT_ACTIONS } from "@/lib/schemas/audit-actions";

const SELECT = "block min-h-11 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";

/**
 * Filter the log by person and by action ("Everyone" / "Every action" show all). The choice goes
 * into the address, so the server draws the filtered log and a filtered view can be shared.
 */
export function ActivityFilters({ filter, people }: { filter: AuditFilter; people: { id: string; email: string }[] }) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const choose = (next: AuditFilter) => {
    const query = new URLSearchParams(Object.entries(next).filter(([, v]) => v) as [string, string][]);
    startTransition(() => router.replace(query.size ? `${pathname}?${query}` : pathname, { scroll: false }));
  };
  return (
    <div className="flex flex-wrap items-end gap-3" aria-busy={pending}>
      <div className="space-y-1">
        <label htmlFor={`${id}-person`} className="block text-sm font-medium text-zinc-800">
          Person
        </label>
        <select
          id={`${id}-person`}
          className={SELECT}
          defaultValue={filter.actor ?? ""}
          onChange={(e) => choose({ ...filter, actor: e.target.value || undefined })}
        >
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.email}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-action`} className="block text-sm font-medium text-zinc-800">
          Action
        </label>
        <select
          id={`${id}-action`}
          className={SELECT}
          defaultValue={filter.action ?? ""}
          onChange={(e) => choose({ ...filter, action: e.target.value || undefined })}
        >
          <option value="">Every action</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, words]) => (
            <option key={action} value={action}>
              {words}
            </option>
          ))}
        </select>
      </div>
      {pending && (
        <p role="status" className="pb-2 text-sm text-zinc-600">
          Loading…
        </p>
      )}
    </div>
  );
}
