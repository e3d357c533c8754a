import type { PredictionView } from "@/lib/types";
import { PendingShot } from "./pending-shot";
import { RatioFrame } from "./ratio-frame";
import { ShotImage, type ShotLoading } from "./shot-image";

/**
 * The images of one prediction in square tiles (two columns when the service returned several),
 * or its placeholder while it is generating. `sizes` are the CSS widths of one tile and of a half.
 */
export function ShotImages({
  prediction,
  sizes,
  loading,
  compact,
}: {
  prediction: PredictionView;
  sizes: { whole: string; half: string };
  loading: ShotLoading | "first";
  compact?: boolean;
}) {
  const { images, aspect_ratio: ratio } = prediction;
  if (images.length === 0) {
    return (
      <RatioFrame ratio={ratio}>
        <PendingShot prediction={prediction} compact={compact} />
      </RatioFrame>
    );
  }
  return (
    <div className={images.length > 1 ? "grid grid-cols-2 gap-0.5" : ""}>
      {images.map((src, i) => (
        <RatioFrame key={src} ratio={ratio}>
          <ShotImage
            src={src}
            ratio={ratio}
            fit="frame"
            alt={images.length > 1 ? `${prediction.prompt} (image ${i + 1} of ${images.length})` : prediction.prompt}
            sizes={images.length > 1 ? sizes.half : sizes.whole}
            loading={loading === "first" ? (i === 0 ? "priority" : "eager") : loading}
          />
        </RatioFrame>
      ))}
    </div>
  );
}
