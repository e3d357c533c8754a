import type { AdviceLevel } from "@/lib/textures/types";

// The advisor's findings as a list of sentences, warnings marked as such for every reader.

export const LEVEL_WORDS: Record<AdviceLevel, string> = { ok: "Looks good", warn: "Worth a look" };

export function FindingList({
  findings,
  className = "",
}: {
  findings: { id: string; level: AdviceLevel; message: string }[];
  className?: string;
}) {
  if (findings.length === 0) return null;
  return (
    <ul className={`space-y-1 text-sm ${className}`}>
      {findings.map((f) => (
        <li
          key={f.id}
          className={`flex gap-2 rounded-md px-3 py-2 ${f.level === "warn" ? "bg-amber-50 text-amber-900" : "bg-emerald-50 text-emerald-900"}`}
        >
          <span aria-hidden="true">{f.level === "warn" ? "⚠" : "✓"}</span>
          <span>
            <span className="sr-only">{f.level === "warn" ? "Warning: " : "OK: "}</span>
            {f.message}
          </span>
        </li>
      ))}
    </ul>
  );
}
