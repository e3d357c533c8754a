"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { RecentPrompts } from "@/components/predictions/recent-prompts";
import { SavedPrompts } from "@/components/predictions/saved-prompts";
import { MAX_CAMPAIGN_PROMPTS, MAX_PROMPT_LENGTH } from "@/lib/schemas/limits";
import type { AspectRatio } from "@/lib/types";

/**
 * The campaign's scenes (its prompts): type one and add it, or pick one of the team's saved or my
 * recent prompts. Those are kept per template, so they are offered for the first chosen product's
 * template (a campaign may mix templates; the first is the best guess of what the person means).
 */
export function SceneList({
  scenes,
  onChange,
  templateId,
  ratio,
  disabled,
}: {
  scenes: string[];
  onChange: (scenes: string[]) => void;
  templateId: string | null;
  /** The ratio a prompt saved from here is saved with. */
  ratio: AspectRatio;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const full = scenes.length >= MAX_CAMPAIGN_PROMPTS;

  function add(text: string) {
    const scene = text.trim();
    if (!scene) return setProblem("Describe the scene first.");
    if (scenes.includes(scene)) return setProblem("This scene is in the list already.");
    if (full) return setProblem(`A campaign can hold at most ${MAX_CAMPAIGN_PROMPTS} scenes.`);
    setProblem(null);
    onChange([...scenes, scene]);
    if (scene === draft.trim()) setDraft("");
  }

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <div className="relative flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={`${id}-scene`} className="block text-sm font-medium text-zinc-800">
            Describe a scene
          </label>
          {templateId && (
            <div className="flex flex-wrap gap-2">
              <RecentPrompts templateId={templateId} onChoose={add} />
              <SavedPrompts templateId={templateId} prompt={draft} ratio={ratio} onChoose={(prompt) => add(prompt)} />
            </div>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-scene`}
            value={draft}
            maxLength={MAX_PROMPT_LENGTH}
            disabled={disabled}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault(); // Enter adds the scene; it does not start the campaign
              add(draft);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
            placeholder="e.g. on a marble kitchen counter, morning light"
            className="block min-h-11 w-full min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-500 aria-invalid:border-red-500"
          />
          <Button
            type="button"
            variant="secondary"
            className="min-h-11 shrink-0"
            disabled={disabled}
            onClick={() => add(draft)}
          >
            Add scene
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-zinc-600">
          {templateId
            ? "Each scene is made for every product and output. Recent and saved prompts are those of the first product's template."
            : "Each scene is made for every product and output. Recent and saved prompts show once a product with a known template is chosen."}
        </p>
        {problem && (
          <p id={`${id}-problem`} className="text-xs text-red-700">
            {problem}
          </p>
        )}
      </div>
      {scenes.length > 0 && (
        <ol aria-label="Scenes" className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white">
          {scenes.map((scene, n) => (
            <li key={scene} className="flex items-center gap-3 py-1 pr-1 pl-3">
              <span aria-hidden="true" className="shrink-0 text-xs font-medium text-zinc-500">
                {n + 1}.
              </span>
              <span className="min-w-0 flex-1 text-sm break-words text-zinc-900">{scene}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(scenes.filter((s) => s !== scene))}
                className="min-h-11 shrink-0 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                Remove<span className="sr-only"> scene {n + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
