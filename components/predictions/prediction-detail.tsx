"use client";

import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ImageReviewPanel } from "@/components/review/image-review-panel";
import { ApiError } from "@/hooks/api-fetch";
import { usePrediction } from "@/hooks/use-predictions";
import { formatDateTime } from "@/lib/format";
import type { PredictionView } from "@/lib/types";
import { ASPECT_RATIO_NAMES, ratioParts } from "./aspect-ratio";
import { ImageDownload } from "@/components/export/image-download";
import { downloadHref, downloadName } from "./download-name";
import { PendingShot } from "./pending-shot";
import { ShotImage } from "./shot-image";
import { useReadyToast } from "./use-ready-toast";
import { productName } from "@/lib/words/product-name";
import { shotTitle } from "@/lib/words/shot-title";

interface Rights {
  /** Approve / reject / star / comment (reviewer, editor, admin). */
  canReview?: boolean;
  /** "Use these settings" leads to the generate form, which only creators have. */
  canCreate?: boolean;
}

/** One prediction: all images full size with a download and a review each, its prompt, product, ratio and date. */
export function PredictionDetail({ id, canReview = false, canCreate = false }: { id: string } & Rights) {
  const query = usePrediction(id);
  useReadyToast(query.data ? [query.data] : undefined);

  if (query.isPending)
    return (
      <p className="text-zinc-600" role="status">
        Loading product shot…
      </p>
    );
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className="space-y-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
        <p>
          {missing
            ? "This product shot does not exist (any more)."
            : `This product shot could not be loaded: ${query.error.message}`}
        </p>
        <Link href="/gallery" className="font-medium underline">
          Back to the gallery
        </Link>
      </div>
    );
  }
  return <PredictionBody prediction={query.data} canReview={canReview} canCreate={canCreate} />;
}

/** The product page with this prediction's product, prompt and ratio in its URL (the form reads them). */
function reuseHref(prediction: PredictionView): string {
  const params = new URLSearchParams({ prompt: prediction.prompt });
  if (prediction.aspect_ratio) params.set("ratio", prediction.aspect_ratio);
  return `/products/${encodeURIComponent(prediction.product_id)}?${params}`;
}

function PredictionBody({ prediction, canReview, canCreate }: { prediction: PredictionView } & Rights) {
  const { images, aspect_ratio: ratio } = prediction;
  const [w, h] = ratio ? ratioParts(ratio) : [1, 1];
  // Several images sit side by side from a laptop's width up, two a row, each under 60% of the
  // window's height: the shot is seen and reviewed at a glance, not down a column of full-height
  // images. A single image, or any on a phone, takes the width (up to 85% of the height).
  const several = images.length > 1;
  const fullWidth = ratio ? `calc(${several ? 60 : 85}vh * ${w} / ${h})` : undefined;
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link href="/gallery" className="text-sm font-medium text-brand-700 underline">
          ← Gallery
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{shotTitle(prediction.prompt)}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-600">Product</dt>
          <dd>
            <Link href={`/products/${prediction.product_id}`} className="font-medium text-brand-700 underline">
              {productName(prediction.product_name)}
            </Link>
          </dd>
          <dt className="text-zinc-600">Aspect ratio</dt>
          <dd>{ratio ? `${ratio} ${ASPECT_RATIO_NAMES[ratio]}` : "Not known"}</dd>
          <dt className="text-zinc-600">Date</dt>
          <dd>{formatDateTime(prediction.created_at ?? prediction.date_modification)}</dd>
          <dt className="text-zinc-600">Images</dt>
          <dd>{images.length === 0 ? "Not yet" : images.length}</dd>
        </dl>
        {canCreate && (
          <Link href={reuseHref(prediction)} className={buttonClass("secondary")}>
            Use these settings
          </Link>
        )}
      </div>
      {images.length === 0 ? (
        <div className="mx-auto max-w-xl overflow-hidden rounded-lg border border-zinc-200">
          <PendingShot prediction={prediction} />
        </div>
      ) : (
        <ul className={several ? "grid gap-x-6 gap-y-8 lg:grid-cols-2" : "space-y-8"}>
          {images.map((src, i) => {
            const label = images.length > 1 ? `image ${i + 1} of ${images.length}` : "image";
            const name = downloadName({
              productName: prediction.product_name,
              prompt: prediction.prompt,
              aspectRatio: ratio,
              url: src,
              index: i,
              count: images.length,
            });
            return (
              // The image's own width caps the row, so a tall shot is not framed by empty bands.
              <li
                key={src}
                className={`mx-auto w-full ${several ? "space-y-2" : "space-y-3"}`}
                style={{ maxWidth: fullWidth }}
              >
                <figure className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
                  <ShotImage
                    src={src}
                    ratio={ratio}
                    fit="contain"
                    loading={i === 0 ? "priority" : "lazy"}
                    alt={
                      images.length > 1
                        ? `${prediction.prompt} (image ${i + 1} of ${images.length})`
                        : prediction.prompt
                    }
                    sizes={
                      several
                        ? `(min-width: 1024px) min(540px, calc(60vh * ${w} / ${h})), 100vw`
                        : "(min-width: 1152px) 1104px, 100vw"
                    }
                  />
                </figure>
                <ImageDownload href={downloadHref(src, name)} ratio={ratio} label={label} />
                <ImageReviewPanel
                  predictionId={prediction.id}
                  imageIndex={i}
                  label={images.length > 1 ? label : undefined}
                  canReview={canReview ?? false}
                  compact={several}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
