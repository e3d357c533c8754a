import type { AuditFilter } from "@/hooks/use-audit";
import type { AuditPage } from "@/lib/api-types";
import { ActivityFilters } from "./activity-filters";
import { ActivityLine } from "./activity-line";
import { ActivityOlder } from "./activity-older";

/**
 * The Activity page's body, drawn on the server: filters, then the first page of lines newest
 * first; the filters and "Show older" are the only parts that run in the browser.
 */
export function ActivityLog({
  filter,
  first,
  people,
}: {
  filter: AuditFilter;
  first: AuditPage;
  people: { id: string; email: string }[];
}) {
  return (
    <div className="space-y-4">
      <ActivityFilters filter={filter} people={people} />
      {first.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-700">
          Nothing recorded{filter.actor || filter.action ? " for these filters" : " yet"}.
        </p>
      ) : (
        <ActivityOlder key={`${filter.actor ?? ""}|${filter.action ?? ""}`} filter={filter} after={first.next_cursor}>
          {first.items.map((line) => (
            <ActivityLine key={line.id} line={line} />
          ))}
        </ActivityOlder>
      )}
    </div>
  );
}
