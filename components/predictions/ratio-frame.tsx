import type { AspectRatio } from "@/lib/types";
import { ratioCss, ratioParts } from "./aspect-ratio";

/**
 * A square tile with a box of the shot's own ratio centred in it: thumbnails keep their shape while
 * rows stay even (a 9:16 shot does not make its row three times as tall). Unknown ratio: the
 * whole tile, for an image drawn at its natural size with object-contain.
 */
export function RatioFrame({ ratio, children }: { ratio: AspectRatio | null; children: React.ReactNode }) {
  const [w, h] = ratio ? ratioParts(ratio) : [1, 1];
  return (
    <div className="relative aspect-square w-full bg-zinc-100">
      <div
        className={`absolute inset-0 m-auto flex ${w >= h ? "w-full" : "h-full"}`}
        style={{ aspectRatio: ratio ? ratioCss(ratio) : undefined, ...(ratio ? {} : { width: "100%", height: "100%" }) }}
      >
        {children}
      </div>
    </div>
  );
}
