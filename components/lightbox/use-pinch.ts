import { useRef, type PointerEvent } from "react";
import { ZOOM_LEVELS } from "./zoom";

const MIN = ZOOM_LEVELS[0];
const MAX = ZOOM_LEVELS[ZOOM_LEVELS.length - 1];

/**
 * Two fingers apart zoom in, together zoom out, from the zoom they started at (within the
 * viewer's levels, 100–400 %). Pointer events of touch only: a mouse has + and −. The frame
 * leaves pinching to us (its touch-action allows panning only), so the page itself never zooms.
 */
export function usePinch(
  zoom: number,
  {
    onStart,
    onZoom,
  }: { onStart: (at: { x: number; y: number }) => void; onZoom: (zoom: number, at: { x: number; y: number }) => void },
) {
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ distance: number; zoom: number } | null>(null);
  const middle = () => {
    const [a, b] = [...touches.current.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  const distance = () => {
    const [a, b] = [...touches.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const lift = (event: PointerEvent) => {
    touches.current.delete(event.pointerId);
    if (touches.current.size < 2) start.current = null;
  };
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType !== "touch") return;
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.current.size === 2) {
        start.current = { distance: Math.max(1, distance()), zoom };
        onStart(middle());
      }
    },
    onPointerMove(event: PointerEvent) {
      if (!touches.current.has(event.pointerId)) return;
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (!start.current || touches.current.size !== 2) return;
      const next = (start.current.zoom * distance()) / start.current.distance;
      // Around the point between the fingers: what was under them stays under them.
      onZoom(Math.round(Math.min(MAX, Math.max(MIN, next)) * 100) / 100, middle());
    },
    onPointerUp: lift,
    onPointerCancel: lift,
  };
}
