"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MAX_TEXTURES } from "@/lib/schemas/product";
import type { ChosenTexture } from "./texture-file";
import { TextureDropZone } from "./texture-drop-zone";

export interface CustomSlotRow {
  id: number;
  key: string;
  texture: ChosenTexture | null;
}

interface CustomTextureSlotsProps {
  rows: CustomSlotRow[];
  onChange(rows: CustomSlotRow[]): void;
  /** Problems of a row's key, by row id. */
  keyErrors?: Record<number, string>;
  /** Whether a row's slot shows a refusal of its last chosen file, by `row-<id>`. */
  onFailed?(rowKey: string, failed: boolean): void;
  disabled?: boolean;
}

/**
 * For a template that declares no texture slots the app recognises (the interface leaves the
 * template's fields "not shown"): the person names each slot's key and chooses its image.
 */
export function CustomTextureSlots({ rows, onChange, keyErrors = {}, onFailed, disabled }: CustomTextureSlotsProps) {
  const update = (id: number, change: Partial<CustomSlotRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));

  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-zinc-600">
        This template does not say which textures it needs. Enter each texture’s key as the service expects it (for
        example “label”), and choose its image.
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {rows.map((row, index) => (
          <li key={row.id}>
            <fieldset className="space-y-3 rounded-lg border border-zinc-200 bg-white p-3">
              <legend className="px-1 text-sm font-medium text-zinc-900">Texture slot {index + 1}</legend>
              <Field
                label="Texture key"
                value={row.key}
                onChange={(e) => update(row.id, { key: e.target.value })}
                error={keyErrors[row.id]}
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
              />
              <TextureDropZone
                label={row.key.trim() ? `texture “${row.key.trim()}”` : `texture slot ${index + 1}`}
                value={row.texture}
                onChange={(texture) => update(row.id, { texture })}
                onFailed={(failed) => onFailed?.(`row-${row.id}`, failed)}
                disabled={disabled}
              />
              {rows.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-1 text-xs text-red-700"
                  disabled={disabled}
                  onClick={() => {
                    if (row.texture) URL.revokeObjectURL(row.texture.previewUrl);
                    onChange(rows.filter((r) => r.id !== row.id));
                  }}
                >
                  Remove texture slot {index + 1}
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ul>
      {rows.length < MAX_TEXTURES && (
        <Button
          type="button"
          variant="secondary"
          disabled={disabled}
          onClick={() => onChange([...rows, { id: Math.max(0, ...rows.map((r) => r.id)) + 1, key: "", texture: null }])}
        >
          Add texture slot
        </Button>
      )}
    </div>
  );
}
