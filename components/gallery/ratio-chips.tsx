import { ASPECT_RATIO_NAMES } from "@/components/predictions/aspect-ratio";
import { ASPECT_RATIOS, type AspectRatio } from "@/lib/types";

/** Aspect ratio filter: toggle chips, any number at once (none = every ratio); a thumb's size on touch screens. */
export function RatioChips({ value, onChange }: { value: AspectRatio[]; onChange: (next: AspectRatio[]) => void }) {
  const toggle = (ratio: AspectRatio) =>
    onChange(
      value.includes(ratio)
        ? value.filter((r) => r !== ratio)
        : ASPECT_RATIOS.filter((r) => r === ratio || value.includes(r)),
    );
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-zinc-800">Aspect ratio</legend>
      <div className="flex flex-wrap gap-1.5 pointer-coarse:gap-2">
        {ASPECT_RATIOS.map((ratio) => {
          const on = value.includes(ratio);
          return (
            <button
              key={ratio}
              type="button"
              aria-pressed={on}
              aria-label={`${ratio} ${ASPECT_RATIO_NAMES[ratio]}`}
              onClick={() => toggle(ratio)}
              className={`rounded-full border px-2.5 py-1 text-xs font-medium transition-colors pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:px-3.5 pointer-coarse:text-sm ${
                on
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-100"
              }`}
            >
              {ratio}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
