import type { CSSProperties } from "react";

// What stands where an image could not be loaded (its address gone, the service away): a picture
// icon and the words, never the browser's broken-image glyph and raw alt text under an overlay.

export interface ImageUnavailableProps {
  /** What the image showed, for screen readers ("Image unavailable: <label>"). */
  label?: string;
  /** Small tiles: the icon alone is shown, the words stay for screen readers and as a tooltip. */
  compact?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function ImageUnavailable({ label, compact = false, className = "", style }: ImageUnavailableProps) {
  const name = label ? `Image unavailable: ${label}` : "Image unavailable";
  return (
    <div
      role="img"
      aria-label={name}
      title={compact ? name : undefined}
      className={`flex min-w-16 flex-col items-center justify-center gap-1 bg-zinc-100 p-2 text-center text-zinc-600 ${className}`}
      style={style}
      data-image-unavailable=""
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={compact ? "size-5" : "size-7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="9.5" r="1.5" />
        <path d="M21 15.5l-4.5-4.5L8 19.5" />
        <path d="M3 3l18 18" />
      </svg>
      {!compact && <span className="text-xs font-medium">Image unavailable</span>}
    </div>
  );
}
