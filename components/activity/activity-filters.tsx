"use client";

import { useId } from "react";
import type { AuditFilter } from "@/hooks/use-audit";
import { useUsers } from "@/hooks/use-users";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";

const SELECT = "block rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";

/** Filter the log by person and by action; "Everyone" / "Every action" show all. */
export function ActivityFilters({ filter, onChange }: { filter: AuditFilter; onChange: (next: AuditFilter) => void }) {
  const id = useId();
  const users = useUsers();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-person`} className="block text-sm font-medium text-zinc-800">Person</label>
        <select id={`${id}-person`} className={SELECT} value={filter.actor ?? ""} onChange={(e) => onChange({ ...filter, actor: e.target.value || undefined })}>
          <option value="">Everyone</option>
          {users.data?.map((u) => (
            <option key={u.id} value={u.id}>{u.email}</option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-action`} className="block text-sm font-medium text-zinc-800">Action</label>
        <select id={`${id}-action`} className={SELECT} value={filter.action ?? ""} onChange={(e) => onChange({ ...filter, action: e.target.value || undefined })}>
          <option value="">Every action</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, words]) => (
            <option key={action} value={action}>{words}</option>
          ))}
        </select>
      </div>
    </div>
  );
}
