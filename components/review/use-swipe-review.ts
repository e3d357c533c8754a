"use client";

import { useState } from "react";
import { useSwipeable } from "react-swipeable";

// A horizontal swipe on an image: the image follows the thumb, and past SWIPE_DISTANCE px the
// gesture counts (shorter ones spring back, so a wobbly scroll never reviews anything).
const SWIPE_DISTANCE = 80;

export function useSwipe({ onLeft, onRight }: { onLeft?: () => void; onRight?: () => void }) {
  const [dx, setDx] = useState(0);
  const handlers = useSwipeable({
    delta: SWIPE_DISTANCE,
    trackMouse: false,
    onSwiping: ({ dir, deltaX }) => setDx(dir === "Left" || dir === "Right" ? deltaX : 0),
    onSwipedLeft: () => onLeft?.(),
    onSwipedRight: () => onRight?.(),
    onSwiped: () => setDx(0),
    onTouchEndOrOnMouseUp: () => setDx(0),
  });
  // Only the x offset: the page still scrolls up and down under the thumb.
  const style = dx ? { transform: `translateX(${dx}px) rotate(${dx / 40}deg)` } : undefined;
  const leaning = dx > SWIPE_DISTANCE / 2 ? "right" : dx < -SWIPE_DISTANCE / 2 ? "left" : null;
  return { handlers, style, leaning } as const;
}
