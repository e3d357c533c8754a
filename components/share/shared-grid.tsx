import { ShotImage } from "@/components/predictions/shot-image";
import { sizedImageUrl } from "@/lib/images/thumb-url";
import type { PredictionView } from "@/lib/types";
import { SignOffControls } from "./sign-off-controls";

// The images of a share link as a plain grid of thumbnails (served by the link's own image
// route), each captioned with its prompt; a click opens the larger copy. With `signOffToken`, each
// image carries Approve and Comment for the link's visitor.

// Two, three or four a row (gap 16 px) in the page's 1104 px column.
const SIZES = "(min-width: 1152px) 264px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 640px) calc((100vw - 80px) / 3), calc((100vw - 48px) / 2)";
/** The first two rows on a phone are in view at once; the rest load as they are scrolled to. */
const EAGER = 4;

export function SharedGrid({ items, signOffToken }: { items: PredictionView[]; signOffToken?: string }) {
  const shots = items.flatMap((p) => p.images.map((src, i) => ({ key: `${p.id}-${i}`, src, index: i, prediction: p })));
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Shared shots">
      {shots.map(({ key, src, index, prediction }, n) => (
        <li key={key}>
          <figure className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
            <a href={sizedImageUrl(src, 1600)} className="block focus-visible:outline-2 focus-visible:outline-brand-600">
              <ShotImage
                src={src}
                alt={prediction.prompt}
                ratio={prediction.aspect_ratio ?? "1:1"}
                sizes={SIZES}
                loading={n === 0 ? "priority" : n < EAGER ? "eager" : "lazy"}
              />
            </a>
            {/* The clamp sits inside the padding: on the caption itself a third line shows through it. */}
            <figcaption className="px-3 py-2 text-xs text-zinc-700"><span className="line-clamp-2">{prediction.prompt}</span></figcaption>
            {signOffToken && <SignOffControls token={signOffToken} predictionId={prediction.id} imageIndex={index} label={`image ${n + 1}`} />}
          </figure>
        </li>
      ))}
    </ul>
  );
}
