const KEYS = [
  ["A", "Approve"],
  ["R", "Reject"],
  ["S", "Star"],
  ["→", "Skip"],
  ["Z", "Undo"],
] as const;

/** The queue's keyboard shortcuts on a screen with a fine pointer (a touch screen has no keys to show). */
export function ShortcutLegend() {
  return (
    <div className="text-xs text-zinc-700 pointer-coarse:hidden">
      <h2 className="sr-only">Keyboard shortcuts</h2>
      <ul aria-label="Keyboard shortcuts" className="flex flex-wrap gap-x-4 gap-y-1">
        {KEYS.map(([key, action]) => (
          <li key={key}>
            <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-zinc-900">{key}</kbd>{" "}
            {action}
          </li>
        ))}
      </ul>
    </div>
  );
}
