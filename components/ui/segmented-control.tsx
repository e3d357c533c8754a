"use client";

import { useId } from "react";

/**
 * One choice of a few, drawn as joined segments: a real radio group under its legend, so the
 * arrow keys move between segments and a screen reader says "2 of 3, selected".
 */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800">{legend}</legend>
      <div className="inline-flex flex-wrap rounded-md border border-zinc-300 bg-white p-0.5 text-sm">
        {/* Selected is a filled segment; focus is a dark ring set apart from the segment by a gap,
            so a focused segment never reads as the chosen one (nor a chosen one as focused). */}
        {options.map((option) => (
          <label
            key={option.value}
            className="relative cursor-pointer rounded px-3 py-1.5 font-medium text-zinc-700 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:z-10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-zinc-900"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              // Invisible but covering the whole segment: the click target a person (and a test) hits.
              className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
