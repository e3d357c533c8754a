"use client";

import { useId } from "react";
import {
  EXPORT_FORMATS,
  enlargeNote,
  presetById,
  presetsFor,
  whyNoChannelSize,
  type ChannelPresetId,
  type ExportFormat,
} from "@/lib/schemas/channel-presets";
import type { AspectRatio } from "@/lib/types";

export interface ExportChoiceValue {
  preset: ChannelPresetId;
  /** "" keeps the image's own format. */
  format: ExportFormat | "";
}

export const ORIGINAL_EXPORT: ExportChoiceValue = { preset: "original", format: "" };

const SELECT = "h-11 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900";

/**
 * Size and format for a download: only the channel presets that fit the shots' ratio are offered
 * (nothing is cropped). With `names`, the selects are also form fields (the ZIP's form post).
 */
export function ExportChoice({
  ratios,
  value,
  onChange,
  names = false,
}: {
  ratios: readonly (AspectRatio | null)[];
  value: ExportChoiceValue;
  onChange: (value: ExportChoiceValue) => void;
  names?: boolean;
}) {
  const id = useId();
  const presets = presetsFor(ratios);
  const preset = presets.some((p) => p.id === value.preset) ? value.preset : "original";
  const why = whyNoChannelSize(ratios);
  const note = enlargeNote(presetById(preset));
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-preset`} className="sr-only">
        Size for
      </label>
      <select
        id={`${id}-preset`}
        name={names ? "preset" : undefined}
        value={preset}
        onChange={(e) => onChange({ ...value, preset: e.target.value as ChannelPresetId })}
        className={SELECT}
        aria-describedby={why || note ? `${id}-note` : undefined}
      >
        {presets.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-format`} className="sr-only">
        File format
      </label>
      <select
        id={`${id}-format`}
        name={names ? "format" : undefined}
        value={value.format}
        onChange={(e) => onChange({ ...value, format: e.target.value as ExportFormat | "" })}
        className={SELECT}
      >
        <option value="">Same format</option>
        {EXPORT_FORMATS.map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
          </option>
        ))}
      </select>
      {(why || note) && (
        <span id={`${id}-note`} className="basis-full text-xs text-zinc-600">
          {why ?? note}
        </span>
      )}
    </span>
  );
}

/** The download route's address for one image with this choice. */
export function exportHref(baseHref: string, value: ExportChoiceValue): string {
  const params = new URLSearchParams();
  if (value.preset !== "original") params.set("preset", value.preset);
  if (value.format) params.set("format", value.format);
  const extra = params.toString();
  return extra ? `${baseHref}&${extra}` : baseHref;
}
