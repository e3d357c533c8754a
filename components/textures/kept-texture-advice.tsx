"use client";

import { useSlotLabels } from "@/hooks/use-slot-labels";
import { useKeptTextureAdvice } from "@/hooks/use-texture-advice";
import { setChecks } from "@/lib/textures/set-checks";
import { worstLevel } from "@/lib/textures/types";
import { FindingList } from "./finding-list";

/**
 * Beside "Generate LoRA": what the advisor found on the files this product was created from, so a
 * poor texture is seen once more before half an hour of training. Nothing when none were kept.
 */
export function KeptTextureAdvice({ productId, templateId }: { productId: string; templateId: string | null }) {
  const query = useKeptTextureAdvice(productId);
  const labelOf = useSlotLabels(templateId);
  const report = query.data;
  if (!report || report.textures.length === 0) return null;
  // The set's findings name the slots: made again here from the kept profiles, in the template's
  // words (the server made them with keys, before it knew the template).
  const set = setChecks(
    report.textures.filter((t) => t.profile.hash !== "").map((t) => ({ name: labelOf(t.key), profile: t.profile })),
  );
  const all = [...report.textures.flatMap((t) => t.checks), ...set];
  const warned = report.textures.filter((t) => worstLevel(t.checks) === "warn");
  const setWarnings = set.filter((f) => f.level === "warn");
  return (
    <section aria-labelledby="kept-advice-heading" className="space-y-2">
      <h3 id="kept-advice-heading" className="text-sm font-semibold text-zinc-900">
        Texture check
      </h3>
      {worstLevel(all) === "ok" ? (
        <p className="text-sm text-emerald-800">All {report.textures.length} textures look good for training.</p>
      ) : (
        <>
          <p className="text-sm text-zinc-600">
            Training works with these warnings, but the LoRA may come out better with fixed textures.
          </p>
          {warned.map((t) => (
            <div key={t.key} className="space-y-1">
              <p className="text-sm font-medium text-zinc-800">{labelOf(t.key)}</p>
              <FindingList findings={t.checks.filter((c) => c.level === "warn")} />
            </div>
          ))}
          <FindingList findings={setWarnings} />
        </>
      )}
    </section>
  );
}
