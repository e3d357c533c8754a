"use client";

import { useState } from "react";
import { ExportChoice, ORIGINAL_EXPORT } from "@/components/export/export-choice";
import { Button } from "@/components/ui/button";
import { MAX_ZIP_IMAGES } from "@/lib/schemas/limits";
import { imageCountWords, imagesIn } from "@/lib/image-count";
import type { PredictionView } from "@/lib/types";

/**
 * "Download ZIP" as a real form post: the browser streams the archive straight to disk (nothing
 * is held in the page's memory), which a fetch + blob would not do for a large selection.
 */
export function ZipForm({ selected }: { selected: PredictionView[] }) {
  const withImages = selected.filter((p) => p.images.length > 0);
  const images = imagesIn(withImages);
  const items = JSON.stringify(withImages.map((p) => ({ prediction_id: p.id })));
  const tooMany = images > MAX_ZIP_IMAGES;
  const [choice, setChoice] = useState(ORIGINAL_EXPORT);
  return (
    <form method="post" action="/api/predictions/zip" className="contents">
      <input type="hidden" name="items" value={items} />
      <ExportChoice ratios={withImages.map((p) => p.aspect_ratio)} value={choice} onChange={setChoice} names />
      <Button
        type="submit"
        variant="primary"
        disabled={images === 0 || tooMany}
        title={tooMany ? `At most ${MAX_ZIP_IMAGES} images per ZIP` : undefined}
      >
        Download ZIP{images > 0 ? ` (${imageCountWords(images)})` : ""}
      </Button>
      {tooMany && <span className="text-xs text-red-700">At most {MAX_ZIP_IMAGES} images per ZIP: select fewer.</span>}
    </form>
  );
}
