import "server-only";
import { AppError } from "@/lib/errors";

// A request body read chunk by chunk with its bytes counted, so a body over the limit is refused
// the moment it passes it. Content-Length is never trusted: a chunked body has none, and a lying
// one would only be discovered after the whole body was in memory.

export const tooLargeBody = (maxBytes: number) =>
  new AppError("payload_too_large", `The request is too large: at most ${formatKb(maxBytes)} can be sent here.`);

/** The whole body as bytes, or a 413 as soon as more than `maxBytes` have arrived. */
export async function readBodyBounded(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (cause) {
      throw new AppError("bad_request", "The request body could not be read.", { cause });
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > maxBytes) {
      // Cancelling stops the socket from being read any further: the rest is never accepted.
      await reader.cancel().catch(() => undefined);
      throw tooLargeBody(maxBytes);
    }
    chunks.push(step.value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function formatKb(bytes: number): string {
  return bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}
