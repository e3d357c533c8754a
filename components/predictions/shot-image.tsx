import type { CSSProperties } from "react";
import { FallbackImg } from "@/components/ui/fallback-img";
import { shotSrcSet, sizedImageUrl } from "@/lib/images/thumb-url";
import type { AspectRatio } from "@/lib/types";
import { ratioBox, ratioCss, ratioParts } from "./aspect-ratio";
import { squareTileSizes } from "./shot-sizes";

// Every <img> of a generated shot is drawn here. A plain img with srcset over the thumbnail route,
// not next/image: the route already resizes to WebP, and next/image would need its widths copied
// into next.config (deviceSizes) and a client-only loader function to point at it. One that cannot
// be loaded shows the "Image unavailable" placeholder in its place, in the same box.

/** lazy: when scrolled near; eager: at once (first row); priority: at once and first (the page's likely largest image). */
export type ShotLoading = "lazy" | "eager" | "priority";

/** Size in pixels the width/height attributes give: only their ratio matters, the route caps the real size. */
const INTRINSIC_LONG_SIDE = 1600;
/** What a browser without srcset support gets: the smallest, in case one fetches it beside its choice. */
const FALLBACK_WIDTH = 240;

export interface ShotImageProps {
  src: string;
  alt: string;
  ratio: AspectRatio | null;
  /** The CSS width the image is drawn at, per layout (the `sizes` attribute). */
  sizes: string;
  loading?: ShotLoading;
  className?: string;
  style?: CSSProperties;
}

/** The image alone, for frames that place it themselves (viewer, compare, review queue). */
export function UnframedShotImage({ src, alt, ratio, sizes, loading = "lazy", className, style }: ShotImageProps) {
  const { width, height } = ratio ? ratioBox(ratio, INTRINSIC_LONG_SIDE) : { width: 1024, height: 1024 };
  return (
    <FallbackImg
      // srcSet and sizes come before src, so the browser never starts on the fallback first.
      srcSet={shotSrcSet(src)}
      sizes={sizes}
      src={sizedImageUrl(src, FALLBACK_WIDTH)}
      alt={alt}
      width={width}
      height={height}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "priority" ? "high" : undefined}
      decoding={loading === "priority" ? undefined : "async"}
      className={className}
      style={style}
      // The placeholder keeps the image's box: its ratio where no frame sets the size.
      placeholderStyle={{ aspectRatio: `${width} / ${height}` }}
    />
  );
}

/**
 * One generated image at its own ratio: a box of the known aspect ratio (reserved before the image
 * loads, so nothing jumps), else the image's natural size. `contain` shows it whole and keeps a tall
 * image within `maxHeight` of the screen.
 */
export function ShotImage({
  fit = "cover",
  maxHeight = "85vh",
  ...img
}: Omit<ShotImageProps, "className" | "style"> & {
  /** cover: fill a box of the ratio; contain: whole, within maxHeight; frame: fill a RatioFrame. */
  fit?: "cover" | "contain" | "frame";
  maxHeight?: string;
}) {
  const { ratio, sizes } = img;
  if (fit === "frame") {
    return (
      <UnframedShotImage
        {...img}
        sizes={squareTileSizes(sizes, ratio)}
        className={`absolute inset-0 size-full ${ratio ? "object-cover" : "object-contain"}`}
      />
    );
  }
  if (!ratio) {
    return (
      <UnframedShotImage
        {...img}
        className={fit === "cover" ? "h-auto w-full bg-zinc-100" : "mx-auto h-auto w-auto max-w-full bg-zinc-100"}
        style={fit === "contain" ? { maxHeight } : undefined}
      />
    );
  }
  const [w, h] = ratioParts(ratio);
  return (
    <div
      className="relative mx-auto w-full overflow-hidden bg-zinc-100"
      style={{
        aspectRatio: ratioCss(ratio),
        maxWidth: fit === "contain" ? `calc(${maxHeight} * ${w} / ${h})` : undefined,
      }}
    >
      <UnframedShotImage
        {...img}
        sizes={sizes}
        className={`absolute inset-0 size-full ${fit === "contain" ? "object-contain" : "object-cover"}`}
      />
    </div>
  );
}
