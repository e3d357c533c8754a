"use client";

import dynamic from "next/dynamic";
import { useState, type MouseEvent } from "react";
import type { LightboxSlide } from "@/components/lightbox/lightbox";
import { ShotImage } from "@/components/predictions/shot-image";
import { sizedImageUrl } from "@/lib/images/thumb-url";
import { sharedDownloadPath } from "@/lib/share-paths";
import type { PredictionView } from "@/lib/types";
import { SignOffControls } from "./sign-off-controls";

// The images of a share link as a grid of thumbnails (served by the link's own image route), each
// captioned with its prompt. A tap opens the app's viewer over the page (zoom, next and previous,
// a swipe on a phone, Download of the image as it was made); without script, or with a modifier
// key, the link opens the larger copy itself. With `signOff`, each image carries Approve and
// Comment for the link's visitor.

// The viewer and its code are fetched when first opened, not with the page.
const Lightbox = dynamic(() => import("@/components/lightbox/lightbox").then((m) => m.Lightbox), { ssr: false });

// Two, three or four a row (gap 16 px) in the page's 1104 px column.
const SIZES =
  "(min-width: 1152px) 264px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 640px) calc((100vw - 80px) / 3), calc((100vw - 48px) / 2)";
/** The first two rows on a phone are in view at once; the rest load as they are scrolled to. */
const EAGER = 4;

const opensElsewhere = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

export function SharedGrid({ items, token, signOff }: { items: PredictionView[]; token: string; signOff: boolean }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const slides: LightboxSlide[] = items.flatMap((prediction) =>
    prediction.images.map((_, index) => ({ prediction, index })),
  );
  return (
    <>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Shared shots">
        {slides.map(({ prediction, index }, n) => (
          <li key={`${prediction.id}-${index}`}>
            <figure className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
              <a
                href={sizedImageUrl(prediction.images[index], 1600)}
                aria-haspopup="dialog"
                aria-label={`View image ${n + 1} larger`}
                onClick={(event) => {
                  if (opensElsewhere(event)) return;
                  event.preventDefault();
                  setViewing(n);
                }}
                className="block focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <ShotImage
                  src={prediction.images[index]}
                  alt={prediction.prompt}
                  ratio={prediction.aspect_ratio ?? "1:1"}
                  sizes={SIZES}
                  loading={n === 0 ? "priority" : n < EAGER ? "eager" : "lazy"}
                />
              </a>
              {/* The clamp sits inside the padding: on the caption itself a third line shows through it. */}
              <figcaption className="px-3 py-2 text-xs text-zinc-700">
                <span className="line-clamp-2">{prediction.prompt}</span>
              </figcaption>
              {signOff && (
                <SignOffControls
                  token={token}
                  predictionId={prediction.id}
                  imageIndex={index}
                  label={`image ${n + 1}`}
                />
              )}
            </figure>
          </li>
        ))}
      </ul>
      {viewing !== null && (
        <Lightbox
          slides={slides}
          start={viewing}
          review={false}
          download={(slide) => sharedDownloadPath(token, slide.prediction.id, slide.index)}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
