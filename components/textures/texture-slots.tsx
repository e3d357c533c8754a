"use client";

import type { TextureSlot } from "@/lib/types";
import type { ChosenTexture } from "./texture-file";
import { TextureDropZone } from "./texture-drop-zone";

interface TextureSlotsProps {
  slots: TextureSlot[];
  /** Chosen images by slot key; kept when the template changes, so choices survive a change of mind. */
  chosen: Record<string, ChosenTexture | null>;
  onChoose(key: string, texture: ChosenTexture | null): void;
  /** Whether the slot shows a refusal of its last chosen file. */
  onFailed?(key: string, failed: boolean): void;
  disabled?: boolean;
}

/** One drop zone per texture slot the template declares, labelled with the slot's label (its key only when it has none). */
export function TextureSlots({ slots, chosen, onChoose, onFailed, disabled }: TextureSlotsProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {slots.map((slot) => {
        const label = slot.label || slot.key;
        return (
          <li key={slot.key} className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3">
            <p className="text-sm font-medium text-zinc-900">{label}</p>
            <TextureDropZone
              label={label}
              value={chosen[slot.key] ?? null}
              onChange={(t) => onChoose(slot.key, t)}
              onFailed={(failed) => onFailed?.(slot.key, failed)}
              disabled={disabled}
            />
          </li>
        );
      })}
    </ul>
  );
}
