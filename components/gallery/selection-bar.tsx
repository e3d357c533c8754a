import { Button } from "@/components/ui/button";
import type { PredictionView } from "@/lib/types";
import { ZipForm } from "./zip-form";

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** Take away and compare: what is selected, and what can be done with it. */
export function SelectionBar({
  selected,
  loadedCount,
  onSelectAll,
  onClear,
  onCompare,
}: {
  selected: PredictionView[];
  loadedCount: number;
  onSelectAll: () => void;
  onClear: () => void;
  onCompare: () => void;
}) {
  const count = selected.length;
  const canCompare = count >= COMPARE_MIN && count <= COMPARE_MAX;
  return (
    <div role="group" aria-label="Selection" className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-zinc-700" aria-live="polite">
        {count === 0 ? "None selected" : `${count.toLocaleString("en-US")} selected`}
      </p>
      <Button type="button" variant="ghost" onClick={onSelectAll} disabled={loadedCount === 0}>
        Select all loaded
      </Button>
      {count > 0 && (
        <>
          <Button type="button" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={onCompare}
            disabled={!canCompare}
            title={canCompare ? undefined : `Select ${COMPARE_MIN} to ${COMPARE_MAX} shots to compare`}
          >
            Compare ({count})
          </Button>
          <ZipForm selected={selected} />
        </>
      )}
    </div>
  );
}
