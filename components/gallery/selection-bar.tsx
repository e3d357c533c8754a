"use client";

import { useLayoutEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ShareSelectedButton } from "@/components/share/share-view-button";
import { imageCountWords, imagesIn } from "@/lib/image-count";
import type { PredictionView } from "@/lib/types";
import { ZipForm } from "./zip-form";

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

const TOUCH = "min-h-11";
const BAR_ID = "selection-actions";

/** Moves the keyboard's focus to the selection's actions (a card's "Go to the actions" does). */
export function focusSelectionActions() {
  document.getElementById(BAR_ID)?.focus();
}

/**
 * While anything is selected, what can be done with it stays on screen: a bar fixed to the bottom
 * (clear of the phone's home indicator). It comes before the grid in the page's order, so the
 * keyboard and a screen reader reach it from the toolbar at once rather than after every card;
 * a selected card offers a way to it too. `onHeight` says its height, for a spacer after the list
 * so it never covers the last row of cards.
 */
export function SelectionBar({
  selected,
  onClear,
  onCompare,
  onHeight,
}: {
  selected: PredictionView[];
  onClear: () => void;
  onCompare: () => void;
  onHeight: (height: number) => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const count = selected.length;
  const open = count > 0;
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return onHeight(0);
    const observer = new ResizeObserver(() => onHeight(element.offsetHeight));
    observer.observe(element);
    onHeight(element.offsetHeight);
    return () => observer.disconnect();
  }, [open, onHeight]);
  if (!open) return null;
  const canCompare = count >= COMPARE_MIN && count <= COMPARE_MAX;
  return (
    <>
      <div
        ref={bar}
        id={BAR_ID}
        tabIndex={-1}
        role="group"
        aria-label="Selection"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2 sm:px-6">
          <p className="mr-auto text-sm font-medium text-zinc-900" aria-live="polite">
            {selectionWords(selected)}
          </p>
          <Button type="button" variant="ghost" className={TOUCH} onClick={onClear}>
            Clear selection
          </Button>
          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
            {canCompare && (
              <Button type="button" variant="secondary" className={TOUCH} onClick={onCompare}>
                Compare
              </Button>
            )}
            <ShareSelectedButton selected={selected} className={TOUCH} />
            <ZipForm selected={selected} />
          </div>
        </div>
      </div>
    </>
  );
}

/** "3 shots selected (12 images)": the cards ticked, and the images they hold, which is what a ZIP or link gets. */
function selectionWords(selected: PredictionView[]): string {
  const images = imagesIn(selected);
  const shots = `${selected.length.toLocaleString("en-US")} ${selected.length === 1 ? "shot" : "shots"} selected`;
  return images === selected.length ? shots : `${shots} (${imageCountWords(images)})`;
}
