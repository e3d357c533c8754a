"use client";

import { usePromptHistory, useScenesThatWork } from "@/hooks/use-prompts";
import { formatDateTime } from "@/lib/format";
import { PromptChoice, PromptMenu } from "./prompt-menu";

/**
 * The scenes that get approved most for this product's template (offered first), then my latest
 * prompts for it; choosing one fills the prompt.
 */
export function RecentPrompts({ templateId, onChoose }: { templateId: string; onChoose: (prompt: string) => void }) {
  const history = usePromptHistory(templateId);
  const scenes = useScenesThatWork(templateId);
  return (
    <PromptMenu label="Recent prompts">
      {(close) => (
        <>
          {scenes.data && scenes.data.length > 0 && (
            <div className="mb-2 border-b border-zinc-200 pb-2">
              <p id="scenes-that-work" className="px-2 text-xs font-semibold text-zinc-700">
                Scenes that work for this template
              </p>
              <ul aria-labelledby="scenes-that-work">
                {scenes.data.map((scene) => (
                  <li key={scene.key}>
                    <PromptChoice
                      prompt={scene.name}
                      note={`${Math.round(scene.rate * 100)} % approved of ${scene.reviewed} reviewed`}
                      onChoose={() => {
                        onChoose(scene.name);
                        close();
                      }}
                    />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {history.isPending ? (
            <p role="status" className="px-2 py-1 text-sm text-zinc-600">
              Loading…
            </p>
          ) : history.isError ? (
            <p role="alert" className="px-2 py-1 text-sm text-red-800">
              Recent prompts could not be loaded: {history.error.message}
            </p>
          ) : history.data.length === 0 ? (
            <p className="px-2 py-1 text-sm text-zinc-600">No prompts yet for this template.</p>
          ) : (
            <ul aria-label="Recently used" className="max-h-72 overflow-y-auto">
              {history.data.map((item) => (
                <li key={item.prompt}>
                  <PromptChoice
                    prompt={item.prompt}
                    note={`${item.uses} ${item.uses === 1 ? "use" : "uses"} · last ${formatDateTime(item.last_used_at)}`}
                    onChoose={() => {
                      onChoose(item.prompt);
                      close();
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </PromptMenu>
  );
}
