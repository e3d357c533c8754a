"use client";

import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { downloadHref, downloadName } from "@/components/predictions/download-name";
import { Dialog } from "@/components/ui/dialog";
import { UnframedShotImage } from "@/components/predictions/shot-image";
import type { PredictionView } from "@/lib/types";
import { useSwipe } from "@/components/review/use-swipe-review";
import { productName } from "@/lib/words/product-name";
import { LightboxReview } from "./lightbox-review";
import { CloseButton, LightboxToolbar } from "./lightbox-toolbar";
import { usePinch } from "./use-pinch";
import { stepZoom } from "./zoom";
import { shotTitle } from "@/lib/words/shot-title";

export interface LightboxSlide {
  prediction: PredictionView;
  /** Which image of the prediction. */
  index: number;
}

/**
 * Look: one image full size in a modal viewer. ← → go through the slides, + and − zoom (0 resets),
 * Escape closes. Labelled by the shot's prompt. Signed in, it reviews the image and downloads
 * through the app; a share link's page (no session) gives its own download and no review.
 */
export function Lightbox({
  slides,
  start,
  onClose,
  download,
  review = true,
}: {
  slides: LightboxSlide[];
  start: number;
  onClose: () => void;
  /** Where Download leads for a slide; by default the app's download route (signed in). */
  download?: (slide: LightboxSlide, name: string) => string;
  /** Approve / Reject / Star under the image (signed-in pages only). */
  review?: boolean;
}) {
  const [at, setAt] = useState(start);
  const [zoom, setZoomNow] = useState(1);
  const frame = useRef<HTMLDivElement>(null);
  // The point of the image that is to stay where it is on screen as the zoom changes: where a
  // pinch began between the fingers (kept for the whole pinch, as moves may come faster than
  // frames), else the frame's centre (+ and −). In fractions of the image, and where in the frame.
  const anchor = useRef<{ fx: number; fy: number; px: number; py: number } | null>(null);
  const pinchPoint = useRef<{ fx: number; fy: number } | null>(null);
  const pointOf = (at?: { x: number; y: number }) => {
    const box = frame.current?.getBoundingClientRect();
    const image = frame.current?.querySelector("img")?.getBoundingClientRect();
    if (!box || !image || image.width === 0 || image.height === 0) return null;
    const x = (at?.x ?? box.left + box.width / 2) - box.left;
    const y = (at?.y ?? box.top + box.height / 2) - box.top;
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return {
      fx: clamp((box.left + x - image.left) / image.width),
      fy: clamp((box.top + y - image.top) / image.height),
      px: x,
      py: y,
    };
  };
  const setZoom = (next: number | ((zoom: number) => number)) => {
    anchor.current = pointOf();
    setZoomNow(next);
  };
  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    if (!held) return;
    // On the next frame: the image's new width is laid out by then.
    const id = requestAnimationFrame(() => {
      const element = frame.current;
      const image = element?.querySelector("img")?.getBoundingClientRect();
      if (!element || !image) return;
      const box = element.getBoundingClientRect();
      element.scrollLeft += image.left + held.fx * image.width - (box.left + held.px);
      element.scrollTop += image.top + held.fy * image.height - (box.top + held.py);
    });
    return () => cancelAnimationFrame(id);
  }, [zoom]);
  // Swiping moves between images; zoomed, the thumb pans the image instead.
  const swipe = useSwipe({ onLeft: () => go(at + 1), onRight: () => go(at - 1) });
  const pinch = usePinch(zoom, {
    onStart: (at) => void (pinchPoint.current = pointOf(at)),
    onZoom: (next, at) => {
      const box = frame.current?.getBoundingClientRect();
      if (pinchPoint.current && box)
        anchor.current = { ...pinchPoint.current, px: at.x - box.left, py: at.y - box.top };
      setZoomNow(next);
    },
  });
  const slide = slides[at];
  if (!slide) return null;
  const { prediction, index } = slide;
  const src = prediction.images[index];
  const go = (to: number) => {
    if (to < 0 || to >= slides.length) return;
    setAt(to);
    setZoom(1);
  };
  const name = downloadName({
    productName: prediction.product_name,
    prompt: prediction.prompt,
    aspectRatio: prediction.aspect_ratio,
    url: src,
    index,
    count: prediction.images.length,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => go(at - 1),
      ArrowRight: () => go(at + 1),
      "+": () => setZoom((z) => stepZoom(z, 1)),
      "=": () => setZoom((z) => stepZoom(z, 1)),
      "-": () => setZoom((z) => stepZoom(z, -1)),
      "0": () => setZoom(1),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };
  const zoomed = zoom > 1;
  return (
    <Dialog
      look="full"
      labelledBy="lightbox-title"
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="bg-zinc-950 text-white"
    >
      <div className="flex h-full flex-col">
        {/* On a phone the title and Close share the first row, the tools the second: Close never wraps away. */}
        <header className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-white/10 px-3 py-2">
          <div className="min-w-0 flex-1">
            <h2 id="lightbox-title" className="truncate text-sm font-semibold">
              {shotTitle(prediction.prompt)}
            </h2>
            <p className="truncate text-xs text-zinc-300">
              {productName(prediction.product_name)}
              {prediction.aspect_ratio ? ` · ${prediction.aspect_ratio}` : ""}
              {prediction.images.length > 1 ? ` · image ${index + 1} of ${prediction.images.length}` : ""}
            </p>
          </div>
          <LightboxToolbar
            zoom={zoom}
            onZoom={(direction) => setZoom((z) => stepZoom(z, direction))}
            onPrevious={at > 0 ? () => go(at - 1) : undefined}
            onNext={at < slides.length - 1 ? () => go(at + 1) : undefined}
            downloadHref={download ? download(slide, name) : downloadHref(src, name)}
            position={`${at + 1} / ${slides.length}`}
          />
          <CloseButton onClose={onClose} />
        </header>
        {/* Zoomed, the image grows past the frame and the frame scrolls (also by touch). */}
        <div
          {...(zoomed ? {} : swipe.handlers)}
          ref={(node) => {
            frame.current = node;
            if (!zoomed) swipe.handlers.ref(node);
          }}
          {...pinch}
          className={`relative min-h-0 flex-1 overflow-auto ${zoomed ? "touch-pan-x touch-pan-y" : "flex touch-pan-y items-center justify-center p-2"}`}
        >
          {/* Up to the widest thumb (1600 px); Download gives the original. Zoomed, it is drawn wider, so it asks for more pixels. */}
          <UnframedShotImage
            key={src}
            src={src}
            alt={prediction.prompt}
            ratio={prediction.aspect_ratio}
            sizes={`${Math.round(zoom * 100)}vw`}
            loading="priority"
            className={zoomed ? "h-auto max-w-none" : "h-auto max-h-full w-auto max-w-full object-contain"}
            style={zoomed ? { width: `${zoom * 100}%` } : swipe.style}
          />
        </div>
        {review && <LightboxReview prediction={prediction} index={index} />}
      </div>
    </Dialog>
  );
}
