"use client";

import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useCreatePreset, useDeletePreset, usePromptPresets } from "@/hooks/use-prompts";
import type { AspectRatio } from "@/lib/types";
import { PromptChoice, PromptMenu } from "./prompt-menu";

/** The team's saved prompts for this template: use one, delete one, or save the current prompt. */
export function SavedPrompts({
  templateId,
  prompt,
  ratio,
  onChoose,
}: {
  templateId: string;
  prompt: string;
  ratio: AspectRatio;
  onChoose: (prompt: string, ratio: AspectRatio | null) => void;
}) {
  const presets = usePromptPresets(templateId);
  const create = useCreatePreset();
  const remove = useDeletePreset(templateId);
  const toast = useToast();
  const [name, setName] = useState("");
  // Loaded with the first save, so zod is not among the page's first scripts.
  const form = useCheckedForm(
    async () => (await import("@/lib/schemas/prompt")).createPresetSchema,
    "Check the name and the prompt.",
  );
  const error = form.error;

  // Not a <form>: the menu sits inside the generate form, and forms cannot nest.
  async function save() {
    if (create.isPending) return;
    const checked = await form.check({ template_id: templateId, name, prompt, aspect_ratio: ratio });
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: (preset) => {
        setName("");
        toast.show(`Saved the prompt as “${preset.name}”.`, "success");
      },
      onError: form.refused,
    });
  }

  return (
    <PromptMenu label="Saved prompts">
      {(close) => (
        <div className="space-y-2">
          {presets.isPending ? (
            <p role="status" className="px-2 py-1 text-sm text-zinc-600">
              Loading…
            </p>
          ) : presets.isError ? (
            <p role="alert" className="px-2 py-1 text-sm text-red-800">
              Saved prompts could not be loaded: {presets.error.message}
            </p>
          ) : presets.data.length === 0 ? (
            <p className="px-2 py-1 text-sm text-zinc-600">No saved prompts for this template yet.</p>
          ) : (
            <ul aria-label="Team presets" className="max-h-60 overflow-y-auto">
              {presets.data.map((preset) => (
                <li key={preset.id} className="flex items-start gap-1">
                  <div className="min-w-0 flex-1">
                    <PromptChoice
                      prompt={preset.name}
                      note={`${preset.aspect_ratio ? `${preset.aspect_ratio} · ` : ""}${preset.prompt}`}
                      onChoose={() => {
                        onChoose(preset.prompt, (preset.aspect_ratio as AspectRatio | null) ?? null);
                        close();
                      }}
                    />
                  </div>
                  <button
                    type="button"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(preset.id, {
                        onSuccess: () => toast.show(`Deleted the saved prompt “${preset.name}”.`, "success"),
                        onError: (e) => toast.show(`Not deleted: ${e.message}`, "error"),
                      })
                    }
                    className="rounded px-2 py-1.5 text-xs font-medium text-red-700 hover:bg-red-50"
                  >
                    Delete<span className="sr-only"> saved prompt {preset.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="space-y-1 border-t border-zinc-200 pt-2">
            <label htmlFor={`preset-name-${templateId}`} className="block text-xs font-medium text-zinc-800">
              Preset name
            </label>
            <div className="flex gap-2">
              <input
                id={`preset-name-${templateId}`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key !== "Enter") return;
                  e.preventDefault(); // Enter here saves the prompt; it does not generate
                  void save();
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `preset-error-${templateId}` : undefined}
                className="min-w-0 flex-1 rounded-md border border-zinc-300 px-2 py-1.5 text-sm aria-invalid:border-red-500"
              />
              <button
                type="button"
                onClick={() => void save()}
                aria-disabled={create.isPending}
                className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
              >
                Save this prompt
              </button>
            </div>
            {error && (
              <p id={`preset-error-${templateId}`} className="text-xs text-red-700">
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </PromptMenu>
  );
}
