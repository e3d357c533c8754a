"use client";

/** Undo of the view's last review: in a modal view (viewer, compare) the page's toasts are out of reach, and on a page they fade. */
export function UndoButton({
  onUndo,
  disabled,
  className = "",
}: {
  onUndo: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onUndo}
      disabled={disabled}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-100 disabled:opacity-50 ${className}`}
    >
      <span aria-hidden="true">↶</span> Undo
      <kbd
        aria-hidden="true"
        className="rounded border border-current/30 px-1 text-xs font-normal pointer-coarse:hidden"
      >
        Z
      </kbd>
    </button>
  );
}
