"use client";

import { usePromptHistory } from "@/hooks/use-prompts";
import { formatDateTime } from "@/lib/format";
import { PromptChoice, PromptMenu } from "./prompt-menu";

/** My latest prompts for this product's template; choosing one fills the prompt. */
export function RecentPrompts({ templateId, onChoose }: { templateId: string; onChoose: (prompt: string) => void }) {
  const history = usePromptHistory(templateId);
  return (
    <PromptMenu label="Recent prompts">
      {(close) =>
        history.isPending ? (
          <p role="status" className="px-2 py-1 text-sm text-zinc-600">Loading…</p>
        ) : history.isError ? (
          <p role="alert" className="px-2 py-1 text-sm text-red-800">Recent prompts could not be loaded: {history.error.message}</p>
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
        )
      }
    </PromptMenu>
  );
}
