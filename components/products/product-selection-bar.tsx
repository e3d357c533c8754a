"use client";

import Link from "next/link";
import { useLayoutEffect, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { MAX_LINKED_PRODUCT_IDS } from "@/lib/schemas/campaign-params";
import type { ProductSelection } from "./use-product-selection";

/**
 * While products are selected, "3 selected · New campaign" stays on screen: a bar fixed to the
 * bottom (clear of the phone's home indicator), with a spacer of its height after the grid so it
 * never covers the last row of cards.
 */
export function ProductSelectionBar({ selection }: { selection: ProductSelection }) {
  const bar = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const open = selection.count > 0;
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return setHeight(0);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    setHeight(element.offsetHeight);
    return () => observer.disconnect();
  }, [open]);
  if (!open) return null;
  const count = selection.count.toLocaleString("en-US");
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <div
        ref={bar}
        role="group"
        aria-label="Selected products"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2 sm:px-6">
          <div className="mr-auto min-w-0 text-sm" aria-live="polite">
            <p className="font-medium text-zinc-900">
              {count} selected{selection.byFilter ? " (all matching the filter)" : ""}
            </p>
            {selection.note && <p className="text-xs text-amber-900">{selection.note}</p>}
            {!selection.href && (
              <p className="text-xs text-amber-900">
                More than {MAX_LINKED_PRODUCT_IDS} products picked one by one: choose “Select all matching this filter”
                instead, or fewer.
              </p>
            )}
          </div>
          <Button type="button" variant="ghost" className="min-h-11" onClick={selection.clear}>
            Clear selection
          </Button>
          {selection.href && (
            <Link prefetch={false} href={selection.href} className={buttonClass("primary", "min-h-11")}>
              New campaign
            </Link>
          )}
        </div>
      </div>
    </>
  );
}
