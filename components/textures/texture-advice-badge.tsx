"use client";

import type { AdviceLevel, TextureCheck } from "@/lib/textures/types";
import { LEVEL_WORDS } from "./finding-list";

interface TextureAdviceBadgeProps {
  level: AdviceLevel;
  checks: TextureCheck[];
  expanded: boolean;
  onToggle(): void;
  controls: string;
}

/**
 * The slot's worst finding at a glance. Hovering shows the warnings' words; a click or tap opens
 * every check, ok ones included.
 */
export function TextureAdviceBadge({ level, checks, expanded, onToggle, controls }: TextureAdviceBadgeProps) {
  const warnings = checks.filter((c) => c.level === "warn");
  const title = warnings.length > 0 ? warnings.map((c) => c.message).join("\n") : "No problems found for training.";
  return (
    <button
      type="button"
      title={title}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
        level === "warn"
          ? "bg-amber-100 text-amber-900 ring-amber-300"
          : "bg-emerald-100 text-emerald-900 ring-emerald-300"
      }`}
    >
      <span aria-hidden="true">{level === "warn" ? "⚠" : "✓"}</span>
      {level === "warn" ? `${warnings.length} ${warnings.length === 1 ? "warning" : "warnings"}` : LEVEL_WORDS.ok}
      <span className="sr-only">: {expanded ? "hide" : "show"} every check</span>
    </button>
  );
}
