// Requests the way an attacker sends them: through a real socket with node:http, the body
// written in chunks (no Content-Length), counting the bytes the server took before it answered.
import http from "node:http";
import { bff } from "./client";

export interface ChunkedAnswer {
  status: number;
  body: string;
  /** Bytes handed to the socket before the answer came (what the server let in, plus socket buffers). */
  written: number;
}

export interface ChunkedOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent first, then filler up to `total` bytes. */
  head?: Buffer;
  total: number;
  chunkBytes?: number;
}

/** Sends a chunked body of `total` bytes, stopping as soon as the server answers. */
export function sendChunked(
  path: string,
  { method = "POST", headers = {}, head, total, chunkBytes = 64 * 1024 }: ChunkedOptions,
): Promise<ChunkedAnswer> {
  const url = new URL(path, bff().appUrl);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request(url, {
      method,
      headers: { origin: bff().appUrl, "transfer-encoding": "chunked", ...headers },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, written });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(new Error(`no answer after ${written} bytes: ${error.message}`));
    });
    const filler = Buffer.alloc(chunkBytes, 0x20);
    const pump = () => {
      while (!answered && written < total) {
        const chunk = written === 0 && head ? head : filler.subarray(0, Math.min(chunkBytes, total - written));
        written += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** A request that sends `head` and then holds its body open until destroyed. */
export function holdBody(path: string, head: Buffer, headers: Record<string, string>): http.ClientRequest {
  const request = http.request(new URL(path, bff().appUrl), {
    method: "POST",
    headers: { origin: bff().appUrl, "transfer-encoding": "chunked", ...headers },
  });
  request.on("error", () => undefined); // destroyed by the test on purpose
  request.write(head);
  return request;
}

/** A multipart body with a fixed boundary: text fields and files, in the order given. */
export function multipartBody(
  parts: [string, string | { filename: string; data: Buffer }][],
  boundary = "StudioTestBoundary",
): { body: Buffer; contentType: string } {
  const pieces: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === "string") {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
      );
      pieces.push(value.data, Buffer.from("\r\n"));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}
