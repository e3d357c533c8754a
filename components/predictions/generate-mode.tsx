"use client";

import { SegmentedControl } from "@/components/ui/segmented-control";
import { MAX_VARIATIONS, MIN_VARIATIONS } from "@/lib/schemas/limits";
import type { AspectRatio } from "@/lib/types";
import { ASPECT_RATIO_OPTIONS } from "./aspect-ratio";

export type GenerateMode = "one" | "ratios" | "variations";

const MODES: { value: GenerateMode; label: string }[] = [
  { value: "one", label: "One ratio" },
  { value: "ratios", label: "Several ratios" },
  { value: "variations", label: "Variations" },
];

/** "One ratio / Several ratios / Variations". */
export function GenerateModeSwitch({
  value,
  onChange,
  disabled,
}: {
  value: GenerateMode;
  onChange: (m: GenerateMode) => void;
  disabled?: boolean;
}) {
  return <SegmentedControl legend="How many" options={MODES} value={value} onChange={onChange} disabled={disabled} />;
}

/** Several ratios: one checkbox per ratio, one prediction each. */
export function RatioCheckboxes({
  value,
  onChange,
  error,
  disabled,
}: {
  value: AspectRatio[];
  onChange: (v: AspectRatio[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="space-y-2" aria-describedby={error ? "ratio-checkboxes-error" : undefined}>
      <legend className="text-sm font-medium text-zinc-800">Aspect ratios (one product shot each)</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {ASPECT_RATIO_OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-zinc-300 bg-white px-2 py-2 text-xs text-zinc-800 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? ASPECT_RATIO_OPTIONS.map((o) => o.value).filter((r) => r === option.value || value.includes(r))
                    : value.filter((r) => r !== option.value),
                )
              }
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id="ratio-checkboxes-error" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * What is wrong with the typed number of variations, in words; null when it can be asked for. The
 * number is never changed behind the person's back: 12 stays 12 and says the limit.
 */
export function variationCountProblem(typed: string): string | null {
  const text = typed.trim();
  const n = Number(text);
  if (text === "" || !Number.isInteger(n))
    return `Enter a whole number of variations from ${MIN_VARIATIONS} to ${MAX_VARIATIONS}.`;
  if (n > MAX_VARIATIONS)
    return `${n} is more than the limit: at most ${MAX_VARIATIONS} variations can be asked for at once.`;
  if (n < MIN_VARIATIONS) return `Ask for at least ${MIN_VARIATIONS} variations (for one shot, choose “One ratio”).`;
  return null;
}

/** Variations: the same prompt and ratio 2 to 8 times; the count as typed, its problem said below it. */
export function VariationCount({
  value,
  onChange,
  error,
  id,
}: {
  value: string;
  onChange: (typed: string) => void;
  error: string | null;
  id: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        Number of variations
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={MIN_VARIATIONS}
        max={MAX_VARIATIONS}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="block w-24 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500"
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-600">
        {MIN_VARIATIONS} to {MAX_VARIATIONS} product shots of the same prompt and ratio.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
