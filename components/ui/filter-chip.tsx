/**
 * A filter that narrows a view from outside its own fields (a link from a campaign), said in words
 * with a button that removes it: a person sees why the view is narrowed and can widen it again.
 */
export function FilterChip({
  label,
  value,
  onRemove,
  removeLabel,
}: {
  label: string;
  value: string;
  onRemove: () => void;
  removeLabel: string;
}) {
  return (
    <p className="border-brand-300 text-brand-900 inline-flex max-w-full items-center gap-1 rounded-full border bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm">
      <span className="min-w-0 truncate">
        {label}: <span className="font-medium">{value}</span>
      </span>
      <button
        type="button"
        aria-label={removeLabel}
        title={removeLabel}
        onClick={onRemove}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 pointer-coarse:size-11"
      >
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
