import "server-only";
import type { PromptPreset } from "@/lib/api-types";
import { deletePreset, getPreset, insertPreset, listPresets, promptHistory } from "@/lib/db/prompts";
import { AppError } from "@/lib/errors";
import type { CreatePresetInput } from "@/lib/schemas/prompt";
import type { SessionUser } from "@/lib/types";

// Prompt reuse use cases: history is personal; presets belong to the team, and only their author
// or an admin may delete one.

export function promptHistoryFor(user: SessionUser, query: { template_id?: string; limit: number }) {
  return promptHistory(user.id, { templateId: query.template_id, limit: query.limit });
}

export const listPromptPresets = (templateId?: string) => listPresets(templateId);

export async function createPromptPreset(input: CreatePresetInput, user: SessionUser): Promise<PromptPreset> {
  const preset = await insertPreset({
    templateId: input.template_id,
    name: input.name,
    prompt: input.prompt,
    aspectRatio: input.aspect_ratio ?? null,
    createdBy: user.id,
  });
  if (!preset) throw new AppError("conflict", `This template already has a preset named "${input.name}".`);
  return preset;
}

export async function deletePromptPreset(id: string, user: SessionUser): Promise<void> {
  const preset = await getPreset(id);
  if (!preset) throw new AppError("not_found", "No such preset.");
  if (preset.created_by !== user.id && user.role !== "admin") {
    throw new AppError("forbidden", "Only the person who saved this preset, or an admin, may delete it.");
  }
  await deletePreset(id);
}
