"use client";

import { MAX_CAMPAIGN_VARIATIONS } from "@/lib/schemas/limits";
import { ASPECT_RATIOS, type AspectRatio } from "@/lib/types";
import { CHANNEL_OPTIONS, RATIO_OPTIONS } from "./outputs";

const OPTION =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600";

const toggled = <T,>(list: readonly T[], value: T, on: boolean, order: readonly T[]) =>
  on ? order.filter((v) => v === value || list.includes(v)) : list.filter((v) => v !== value);

/**
 * Where the shots go: any of the seven aspect ratios, or channel presets that each stand for one
 * (their shots are made in its ratio; two outputs of one ratio share their shots).
 */
export function OutputChoice({
  ratios,
  channels,
  onRatios,
  onChannels,
  disabled,
}: {
  ratios: AspectRatio[];
  channels: string[];
  onRatios: (ratios: AspectRatio[]) => void;
  onChannels: (channels: string[]) => void;
  disabled?: boolean;
}) {
  const channelOrder = CHANNEL_OPTIONS.map((o) => o.value);
  return (
    <div className="space-y-5">
      <fieldset disabled={disabled} className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800">Channels</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CHANNEL_OPTIONS.map((option) => (
            <label key={option.value} className={OPTION}>
              <input
                type="checkbox"
                checked={channels.includes(option.value)}
                onChange={(e) => onChannels(toggled(channels, option.value, e.target.checked, channelOrder))}
                className="size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0">
                {option.label} <span className="text-zinc-600">· {option.ratio}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={disabled} className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800">Aspect ratios</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {RATIO_OPTIONS.map((option) => (
            <label key={option.value} className={OPTION}>
              <input
                type="checkbox"
                checked={ratios.includes(option.value)}
                onChange={(e) => onRatios(toggled(ratios, option.value, e.target.checked, ASPECT_RATIOS))}
                className="size-4 shrink-0 accent-brand-600"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** 1 to 4 shots of each product, scene and ratio: a radio group of 44 px segments. */
export function VariationChoice({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (n: number) => void;
  disabled?: boolean;
}) {
  const counts = Array.from({ length: MAX_CAMPAIGN_VARIATIONS }, (_, i) => i + 1);
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800">Variations of each shot</legend>
      <div className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5 text-sm">
        {counts.map((n) => (
          <label
            key={n}
            className="relative flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded px-3 font-medium text-zinc-700 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:z-10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-zinc-900"
          >
            <input
              type="radio"
              name="variations"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            {n}
          </label>
        ))}
      </div>
      <p className="text-xs text-zinc-600">Different takes of the same product, scene and ratio, side by side.</p>
    </fieldset>
  );
}
