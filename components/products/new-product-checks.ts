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
  return rows.flatMap((row, i) =>
    row.texture ? [{ name: row.key.trim() || `texture slot ${i + 1}`, file: row.texture.file }] : [],
  );
}

/** A texture slot the product would be created without, and whether its chosen image was refused. */
export interface MissingSlot {
  name: string;
  failed: boolean;
}

/**
 * The slots that would go without a texture: every template slot with no image, and every custom
 * row a key was typed (or an image refused) for. `failed` by slot key (template) or row id (custom).
 */
export function missingSlots(
  { template, chosen, rows }: Omit<Draft, "name">,
  failed: Record<string, boolean>,
): { missing: MissingSlot[]; total: number } {
  if (!template) return { missing: [], total: 0 };
  if (template.texture_slots.length > 0) {
    const missing = template.texture_slots
      .filter((slot) => !chosen[slot.key])
      .map((slot) => ({ name: slot.label || slot.key, failed: Boolean(failed[slot.key]) }));
    return { missing, total: template.texture_slots.length };
  }
  const meant = rows
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => row.texture || row.key.trim() || failed[`row-${row.id}`]);
  const missing = meant
    .filter(({ row }) => !row.texture)
    .map(({ row, i }) => ({
      name: row.key.trim() || `texture slot ${i + 1}`,
      failed: Boolean(failed[`row-${row.id}`]),
    }));
  return { missing, total: meant.length };
}

/** "2 of 3 textures are missing: Label artwork (its image could not be used), Cap material." */
export function missingWords(missing: readonly MissingSlot[], total: number): string {
  const names = missing
    .map((slot) => (slot.failed ? `${slot.name} (its image could not be used)` : slot.name))
    .join(", ");
  const verb = missing.length === 1 ? "is" : "are";
  return `${missing.length} of ${total} ${total === 1 ? "texture" : "textures"} ${verb} missing: ${names}.`;
}
