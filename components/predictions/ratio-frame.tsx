import type { AspectRatio } from "@/lib/types";
import { ratioCss, ratioParts } from "./aspect-ratio";

/**
 * A square tile with a box of the shot's own ratio centred in it: thumbnails keep their shape while
 * rows stay even (a 9:16 shot does not make its row three times as tall). Unknown ratio: the
 * whole tile, for an image drawn at its natural size with object-contain.
 */
export function RatioFrame({ ratio, children }: { ratio: AspectRatio | null; children: React.ReactNode }) {
  if (!ratio) return <div className="relative flex aspect-square w-full bg-zinc-100">{children}</div>;
  const [w, h] = ratioParts(ratio);
  return (
    <div className="relative aspect-square w-full bg-zinc-100">
      {/* One side fixed to the tile, the other from the ratio; centred with a transform, because
          opposite insets would stretch the box and override its aspect ratio. */}
      <div
        className={`absolute top-1/2 left-1/2 flex -translate-x-1/2 -translate-y-1/2 ${w >= h ? "w-full" : "h-full"}`}
        style={{ aspectRatio: ratioCss(ratio) }}
      >
        {children}
      </div>
    </div>
  );
}
