import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";

export function GalleryLoading() {
  return (
    <div
      role="status"
      aria-label="Loading product shots"
      className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="aspect-square animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none" />
      ))}
    </div>
  );
}

export function GalleryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
      <p>The gallery could not be loaded: {message}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Nothing to show: an empty account, or filters that match nothing. */
export function GalleryEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-10 text-center">
      {filtered ? (
        <>
          <p className="text-zinc-700">No product shots match these filters.</p>
          <Button type="button" variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="text-zinc-700">No product shots yet — create a product to start.</p>
          <Link prefetch={false} href="/products/new" className={buttonClass("primary")}>
            New product
          </Link>
        </>
      )}
    </div>
  );
}
