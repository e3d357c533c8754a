import type { ReactNode } from "react";
import { ZOOM_LEVELS } from "./zoom";

const TOOL =
  "inline-flex h-11 min-w-11 sm:h-9 sm:min-w-9 items-center justify-center rounded-md px-2 text-sm font-medium text-white hover:bg-white/15 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white";

function Tool({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled} className={TOOL}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** The viewer's controls: previous / next, zoom and download (Close sits apart, see CloseButton). */
export function LightboxToolbar({
  zoom,
  onZoom,
  onPrevious,
  onNext,
  downloadHref,
  position,
}: {
  zoom: number;
  onZoom: (direction: 1 | -1) => void;
  onPrevious?: () => void;
  onNext?: () => void;
  downloadHref: string;
  position: string;
}) {
  return (
    <div className="order-last flex w-full flex-wrap items-center gap-1 sm:order-none sm:w-auto">
      <Tool label="Previous image" onClick={() => onPrevious?.()} disabled={!onPrevious}>
        ←
      </Tool>
      <span className="px-1 text-xs text-zinc-300 tabular-nums">{position}</span>
      <Tool label="Next image" onClick={() => onNext?.()} disabled={!onNext}>
        →
      </Tool>
      <Tool label="Zoom out" onClick={() => onZoom(-1)} disabled={zoom <= ZOOM_LEVELS[0]}>
        −
      </Tool>
      <span className="w-10 text-center text-xs text-zinc-300 tabular-nums" aria-live="polite">
        {Math.round(zoom * 100)}%
      </span>
      <Tool label="Zoom in" onClick={() => onZoom(1)} disabled={zoom >= ZOOM_LEVELS[ZOOM_LEVELS.length - 1]}>
        +
      </Tool>
      <a href={downloadHref} className={TOOL}>
        Download
      </a>
    </div>
  );
}

/** Close, at the end of the title's row on every screen. */
export function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <span className="shrink-0">
      <Tool label="Close viewer" onClick={onClose}>
        ✕
      </Tool>
    </span>
  );
}
