"use client";

import { useCallback, useRef, useState } from "react";
import { usePressOutside } from "@/hooks/use-press-outside";

/**
 * A small disclosure menu (its list drops below the nearest positioned ancestor: full width on a
 * phone, at the right from `sm` up) (<details>): keyboard-usable as it is (Enter/Space open it, Tab moves
 * through its buttons, Escape closes), and `close` folds it after a choice.
 */
export function PromptMenu({ label, children }: { label: string; children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => setOpen(false), []);
  usePressOutside(ref, open, close);
  return (
    <details
      ref={ref}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onBlur={(e) => {
        // Like any menu, it folds when focus moves to something else (a button inside it that
        // turns disabled also drops focus, with no relatedTarget: that keeps it open).
        if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) close();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          close();
          e.currentTarget.querySelector("summary")?.focus();
        }
      }}
      className="group"
    >
      <summary className="cursor-pointer list-none rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100">
        {label}{" "}
        <span aria-hidden="true" className="inline-block group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-zinc-200 bg-white p-2 shadow-lg sm:left-auto sm:w-96">
        {children(close)}
      </div>
    </details>
  );
}

/** One choice of a prompt menu: the prompt, cut to two lines, with a small note. */
export function PromptChoice({ prompt, note, onChoose }: { prompt: string; note: string; onChoose: () => void }) {
  return (
    <button
      type="button"
      onClick={onChoose}
      className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100"
    >
      <span className="line-clamp-2 text-zinc-900">{prompt}</span>
      <span className="block text-xs text-zinc-600">{note}</span>
    </button>
  );
}
