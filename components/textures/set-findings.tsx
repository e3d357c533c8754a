"use client";

import type { SetFinding } from "@/lib/textures/types";
import { FindingList } from "./finding-list";

/** Lighting and duplicates across the chosen textures, shown above "Create product" when they warn. */
export function SetFindings({ findings }: { findings: SetFinding[] }) {
  const warnings = findings.filter((f) => f.level === "warn");
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="set-findings-heading" className="space-y-2">
      <h3 id="set-findings-heading" className="text-sm font-semibold text-zinc-900">
        Across your textures
      </h3>
      <FindingList findings={warnings} />
    </section>
  );
}
