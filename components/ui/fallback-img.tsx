"use client";

import { useCallback, useState, type CSSProperties, type ImgHTMLAttributes } from "react";
import { ImageUnavailable } from "./image-unavailable";

// An <img> that turns into the "Image unavailable" placeholder when it cannot be loaded. The
// failure is remembered per address, so a new address (after a refresh) is tried again.

export interface FallbackImgProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  /** For the placeholder's name; the image's own alt when left out. */
  label?: string;
  compact?: boolean;
  /** Added to `style` for the placeholder only (say, the box's aspect ratio). */
  placeholderStyle?: CSSProperties;
}

export function FallbackImg({ label, compact, className, style, placeholderStyle, onError, ...img }: FallbackImgProps) {
  const address = `${img.src}\n${img.srcSet ?? ""}`;
  const [failed, setFailed] = useState<string | null>(null);
  // An image that failed before React hydrated fired its error event unheard: looked at on attach.
  const attach = useCallback(
    (element: HTMLImageElement | null) => {
      if (element && element.complete && element.currentSrc !== "" && element.naturalWidth === 0) setFailed(address);
    },
    [address],
  );
  if (failed === address) {
    return (
      <ImageUnavailable
        label={label ?? (img.alt || undefined)}
        compact={compact}
        className={className}
        style={{ ...placeholderStyle, ...style }}
      />
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- a plain img by design (see components/predictions/shot-image.tsx); alt comes in `img`
    <img
      ref={attach}
      {...img}
      className={className}
      style={style}
      onError={(event) => {
        setFailed(address);
        onError?.(event);
      }}
    />
  );
}
