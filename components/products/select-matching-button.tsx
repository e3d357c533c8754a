"use client";

import { Button } from "@/components/ui/button";
import { useSelectMatchingProducts } from "@/hooks/use-product-ids";

/**
 * "Select all matching this filter": every product the filter matches, not only the cards loaded,
 * asked of the server (GET /api/products/ids) when pressed, with its words when it had to cap.
 */
export function SelectMatchingButton({
  filter,
  total,
  filtered,
  onSelect,
}: {
  /** The Products page's query string (productSearchParams). */
  filter: string;
  total: number;
  filtered: boolean;
  onSelect: (ids: string[], filter: string, note: string | null) => void;
}) {
  const select = useSelectMatchingProducts();
  const count = total.toLocaleString("en-US");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        className="min-h-11"
        disabled={select.isPending}
        onClick={() => select.mutate(filter, { onSuccess: (answer) => onSelect(answer.ids, filter, answer.message) })}
      >
        {select.isPending
          ? "Selecting…"
          : filtered
            ? `Select all ${count} matching this filter`
            : `Select all ${count} products`}
      </Button>
      {select.isError && (
        <p role="alert" className="text-sm text-red-800">
          Could not select them: {select.error.message}
        </p>
      )}
    </div>
  );
}
