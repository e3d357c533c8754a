import type { ReactNode } from "react";

/** A page's heading and what it is for, with its main action (if any) at the right. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-zinc-600">{description}</p>
      </div>
      {action}
    </div>
  );
}
