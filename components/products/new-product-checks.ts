import type { CustomSlotRow } from "@/components/textures/custom-texture-slots";
import type { ChosenTexture } from "@/components/textures/texture-file";
import { createProductFieldsSchema, MAX_TEXTURES } from "@/lib/schemas/product";
import type { Template } from "@/lib/types";

export interface NewProductProblems {
  template?: string;
  name?: string;
  textures?: string;
  /** Problems of custom slot keys, by row id. */
  keys?: Record<number, string>;
}

interface Draft {
  template: Template | null;
  name: string;
  chosen: Record<string, ChosenTexture | null>;
  rows: CustomSlotRow[];
}

/** The form's draft checked before any upload: what to fix, or the textures to send. */
export function checkDraft({ template, name, chosen, rows }: Draft) {
  const problems: NewProductProblems = {};
  if (!template) problems.template = "Choose a template.";
  // The handler's own schema, so the form refuses exactly what the server would.
  const checkedName = createProductFieldsSchema.shape.name.safeParse(name);
  if (!checkedName.success) problems.name = checkedName.error.issues[0].message;
  const trimmed = name.trim();

  let textures: { key: string; file: File }[] = [];
  if (template && template.texture_slots.length > 0) {
    textures = template.texture_slots.flatMap((slot) => {
      const texture = chosen[slot.key];
      return texture ? [{ key: slot.key, file: texture.file }] : [];
    });
  } else if (template) {
    const keys: Record<number, string> = {};
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.key.trim();
      if (!row.texture) continue;
      if (!key) keys[row.id] = "Enter the key of this texture.";
      else if (seen.has(key)) keys[row.id] = `The key “${key}” is used twice.`;
      seen.add(key);
      textures.push({ key, file: row.texture.file });
    }
    if (Object.keys(keys).length > 0) problems.keys = keys;
  }
  if (template && textures.length === 0) problems.textures = "Choose at least one texture image.";
  if (textures.length > MAX_TEXTURES) problems.textures = `At most ${MAX_TEXTURES} textures can be uploaded at once.`;
  textures = problems.keys ? [] : textures;
  return { problems, textures, name: trimmed, ok: Object.keys(problems).length === 0 };
}

/** The chosen files with the names a person knows their slots by, for the advisor's set findings. */
export function namedTextures({ template, chosen, rows }: Omit<Draft, "name">): { name: string; file: File }[] {
  if (!template) return [];
  if (template.texture_slots.length > 0) {
    return template.texture_slots.flatMap((slot) => {
      const texture = chosen[slot.key];
      return texture ? [{ name: slot.label || slot.key, file: texture.file }] : [];
    });
  }
  return rows.flatMap((row, i) => (row.texture ? [{ name: row.key.trim() || `texture slot ${i + 1}`, file: row.texture.file }] : []));
}
