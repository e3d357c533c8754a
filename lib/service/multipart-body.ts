import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

// A multipart/form-data body built from text fields and files on disk, with its exact length
// known before the first byte is sent. Files are read as streams, so memory stays bounded.
// Hand-written because no well-kept streaming encoder (form-data) is installed, and undici's
// FormData needs Blobs in memory or Node 20's experimental openAsBlob.

export type Part =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; filename: string; contentType: string; path: string };

export interface MultipartBody {
  contentType: string;
  length: number;
  /** Yields the body chunk by chunk; file bytes come straight from disk. */
  chunks: () => AsyncGenerator<Buffer>;
}

const CRLF = "\r\n";
const TOKEN = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;

export async function multipartBody(parts: Part[]): Promise<MultipartBody> {
  const boundary = `----ProductStudio${randomBytes(16).toString("hex")}`;
  const pieces: Array<Buffer | { path: string; size: number }> = [];
  for (const part of parts) {
    pieces.push(Buffer.from(`--${boundary}${CRLF}${headersOf(part)}${CRLF}`, "utf8"));
    if (part.kind === "field") {
      pieces.push(Buffer.from(part.value, "utf8"));
    } else {
      pieces.push({ path: part.path, size: (await stat(part.path)).size });
    }
    pieces.push(Buffer.from(CRLF));
  }
  pieces.push(Buffer.from(`--${boundary}--${CRLF}`));
  const length = pieces.reduce((sum, p) => sum + (Buffer.isBuffer(p) ? p.length : p.size), 0);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    chunks: async function* () {
      for (const piece of pieces) {
        if (Buffer.isBuffer(piece)) {
          yield piece;
        } else if (piece.size > 0) {
          // `end` pins the length sent to the length promised in Content-Length.
          const file = createReadStream(piece.path, { end: piece.size - 1, highWaterMark: 64 * 1024 });
          for await (const chunk of file) {
            yield chunk as Buffer;
          }
        }
      }
    },
  };
}

function headersOf(part: Part): string {
  if (part.kind === "field") {
    return `Content-Disposition: form-data; name="${quote(part.name)}"${CRLF}`;
  }
  const type = TOKEN.test(part.contentType) ? part.contentType : "application/octet-stream";
  return (
    `Content-Disposition: form-data; name="${quote(part.name)}"; filename="${quote(part.filename)}"${CRLF}` +
    `Content-Type: ${type}${CRLF}`
  );
}

// The escaping browsers use (WHATWG HTML): quotes and line breaks percent-encoded.
function quote(value: string): string {
  return value.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
}
