"use client";

import { useState } from "react";

/**
 * A small disclosure menu (<details>): keyboard-usable as it is (Enter/Space open it, Tab moves
 * through its buttons, Escape closes), and `close` folds it after a choice.
 */
export function PromptMenu({
  label,
  children,
}: {
  label: string;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          close();
          e.currentTarget.querySelector("summary")?.focus();
        }
      }}
      className="group relative"
    >
      <summary className="cursor-pointer list-none rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100">
        {label} <span aria-hidden="true" className="inline-block group-open:rotate-180">▾</span>
      </summary>
      <div className="absolute left-0 z-20 mt-1 w-[min(24rem,calc(100vw-3rem))] rounded-md border border-zinc-200 bg-white p-2 shadow-lg">
        {children(close)}
      </div>
    </details>
  );
}

/** One choice of a prompt menu: the prompt, cut to two lines, with a small note. */
export function PromptChoice({ prompt, note, onChoose }: { prompt: string; note: string; onChoose: () => void }) {
  return (
    <button type="button" onClick={onChoose} className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100">
      <span className="line-clamp-2 text-zinc-900">{prompt}</span>
      <span className="block text-xs text-zinc-600">{note}</span>
    </button>
  );
}
