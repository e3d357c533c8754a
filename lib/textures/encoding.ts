// Whether a file's own encoding loses detail, read from its first bytes: the only honest ground
// for a compression finding. A PNG is lossless whatever its pixels look like (a fine regular weave
// has steps on an 8-pixel grid too); a WebP says in its first chunk whether it is lossy (`VP8 `)
// or lossless (`VP8L`); a JPEG always is lossy.

export type Encoding = "lossy" | "lossless";

export function encodingOf(format: string, head: Uint8Array): Encoding {
  if (format === "jpeg") return "lossy";
  if (format === "webp") return webpEncoding(head);
  return "lossless";
}

const fourCC = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** RIFF "WEBP", then chunks: simple files start with `VP8 ` or `VP8L`; extended ones (`VP8X`) carry them later. */
function webpEncoding(head: Uint8Array): Encoding {
  let at = 12;
  while (at + 8 <= head.length) {
    const id = fourCC(head, at);
    if (id === "VP8L") return "lossless";
    if (id === "VP8 ") return "lossy";
    const size = head[at + 4] | (head[at + 5] << 8) | (head[at + 6] << 16) | (head[at + 7] << 24);
    at += 8 + size + (size & 1);
  }
  // Not found in the bytes read (or malformed): the cautious answer measures the pixels.
  return "lossy";
}
