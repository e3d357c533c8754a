import Image from "next/image";
import type { AspectRatio } from "@/lib/types";
import { ratioCss, ratioParts } from "./aspect-ratio";

/**
 * One generated image at its own ratio: a box of the known aspect ratio (reserved before the image
 * loads, so nothing jumps), else the image's natural size. `contain` shows it whole and keeps a tall
 * image within the screen's height.
 */
export function ShotImage({
  src,
  alt,
  ratio,
  sizes,
  fit = "cover",
  eager,
}: {
  src: string;
  alt: string;
  ratio: AspectRatio | null;
  sizes: string;
  /** cover: fill a box of the ratio; contain: whole, within the screen; frame: fill a RatioFrame. */
  fit?: "cover" | "contain" | "frame";
  eager?: boolean;
}) {
  if (!ratio && fit === "frame") {
    return <Image src={src} alt={alt} fill sizes={sizes} loading={eager ? "eager" : "lazy"} className="object-contain" />;
  }
  if (!ratio) {
    return (
      <Image
        src={src}
        alt={alt}
        width={1024}
        height={1024}
        sizes={sizes}
        loading={eager ? "eager" : "lazy"}
        className={fit === "cover" ? "h-auto w-full bg-zinc-100" : "mx-auto h-auto max-h-[85vh] w-auto max-w-full bg-zinc-100"}
      />
    );
  }
  const [w, h] = ratioParts(ratio);
  return (
    <div
      className="relative mx-auto w-full overflow-hidden bg-zinc-100"
      style={{ aspectRatio: ratioCss(ratio), maxWidth: fit === "contain" ? `calc(85vh * ${w} / ${h})` : undefined }}
    >
      <Image
        src={src}
        alt={alt}
        fill
        sizes={sizes}
        loading={eager ? "eager" : "lazy"}
        className={fit === "contain" ? "object-contain" : "object-cover"}
      />
    </div>
  );
}
