"use client";

import { useId, useState } from "react";
import { useTextureCheck } from "@/hooks/use-texture-advice";
import { worstLevel } from "@/lib/textures/types";
import { FindingList } from "./finding-list";
import { TextureAdviceBadge } from "./texture-advice-badge";

/**
 * What the advisor found on a slot's file, shown as soon as it is chosen: a badge with the worst
 * level, and the warnings in words below it. Advice only: nothing here blocks the form.
 */
export function TextureFindings({ file, label }: { file: File | null; label: string }) {
  const check = useTextureCheck(file);
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  if (!file) return null;

  if (check.isPending) {
    return (
      <p role="status" className="text-sm text-zinc-600">
        Checking the image for {label}…
      </p>
    );
  }
  if (check.isError) {
    return (
      <p className="text-sm text-zinc-600">
        The image for {label} could not be checked ({check.error.message}). You can still use it.
      </p>
    );
  }

  const { checks } = check.data;
  const level = worstLevel(checks);
  const warnings = checks.filter((c) => c.level === "warn");
  return (
    <div className="space-y-2" aria-label={`Texture check for ${label}`} role="group">
      <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
        <TextureAdviceBadge
          level={level}
          checks={checks}
          expanded={expanded}
          onToggle={() => setExpanded((e) => !e)}
          controls={detailsId}
        />
        {level === "ok" && <span>Sharp, well lit, good contrast, no heavy compression.</span>}
      </p>
      {!expanded && <FindingList findings={warnings} />}
      <div id={detailsId} hidden={!expanded}>
        {expanded && <FindingList findings={checks} />}
      </div>
    </div>
  );
}
