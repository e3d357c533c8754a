import type { AspectRatio } from "@/lib/types";
import { ASPECT_RATIO_OPTIONS, ratioBox } from "./aspect-ratio";

/** "Aspect ratio" as a radio group: each of the seven ratios drawn as its shape and named. */
export function AspectRatioPicker({
  value,
  onChange,
  disabled,
}: {
  value: AspectRatio;
  onChange: (value: AspectRatio) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800">Aspect ratio</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {ASPECT_RATIO_OPTIONS.map((option) => {
          const box = ratioBox(option.value, 32);
          return (
            <label
              key={option.value}
              className="relative flex cursor-pointer flex-col items-center gap-2 rounded-md border border-zinc-300 bg-white px-2 py-3 text-center text-xs text-zinc-700 hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="aspect_ratio"
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                // Invisible but covering the whole tile: the click target a person (and a test) hits.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className="flex h-9 items-center justify-center" aria-hidden="true">
                <span
                  className="block rounded-[3px] border-2 border-current bg-current/10"
                  style={{ width: box.width, height: box.height }}
                />
              </span>
              <span>
                <span className="block font-semibold">{option.value}</span>
                <span className="block">{option.label.slice(option.value.length + 1)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
