"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import type { AspectRatio } from "@/lib/types";
import { ExportChoice, exportHref, ORIGINAL_EXPORT } from "./export-choice";

/** Download one image as it is, or sized and encoded for a channel. */
export function ImageDownload({ href, ratio, label }: { href: string; ratio: AspectRatio | null; label: string }) {
  const [choice, setChoice] = useState(ORIGINAL_EXPORT);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ExportChoice ratios={[ratio]} value={choice} onChange={setChoice} />
      <a href={exportHref(href, choice)} className={buttonClass("primary")}>
        Download<span className="sr-only"> {label}</span>
      </a>
    </div>
  );
}
