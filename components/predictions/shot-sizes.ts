import type { AspectRatio } from "@/lib/types";
import { ratioParts } from "./aspect-ratio";

// A layout's `sizes` names the width of the box a shot is drawn in; a shot narrower than its box
// (tall in a square tile, or held to a height) needs fewer pixels. These rewrite each length of a
// `sizes` list, keeping its media conditions.

function mapLengths(sizes: string, map: (length: string) => string): string {
  return sizes
    .split(/,(?![^(]*\))/)
    .map((entry) => {
      const trimmed = entry.trim();
      // "(min-width: 640px) 25vw": the length follows the media condition's closing parenthesis.
      const end = trimmed.startsWith("(") ? matchingParen(trimmed) + 1 : 0;
      const condition = trimmed.slice(0, end).trim();
      const length = trimmed.slice(end).trim();
      return condition ? `${condition} ${map(length)}` : map(length);
    })
    .join(", ");
}

function matchingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) {
      // A condition may join several parenthesised parts ("(min-width: 1px) and (max-width: 2px)").
      const rest = text.slice(i + 1).trimStart();
      if (/^(and|or)\s/.test(rest)) continue;
      return i;
    }
  }
  return text.length - 1;
}

/** In a square tile, a tall shot is as high as the tile and narrower by its ratio. */
export function squareTileSizes(sizes: string, ratio: AspectRatio | null): string {
  if (!ratio) return sizes;
  const [w, h] = ratioParts(ratio);
  return w >= h ? sizes : mapLengths(sizes, (length) => `calc(${length} * ${w} / ${h})`);
}
