// The asset origin: serves generated images, previews and textures from the images folder,
// without auth, as immutable files. Anything else, including path tricks, is a 404.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".tif": "image/tiff",
  ".avif": "image/avif",
};
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z]{2,5}$/;

function notFound(res: ServerResponse): void {
  res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
  res.end("Not Found");
}

async function fileSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

export function assetHandler(imagesDir: string, produce: (file: string) => Promise<boolean>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const match = /^\/images\/([^/?#]+)(\?.*)?$/.exec(req.url ?? "");
    if ((req.method !== "GET" && req.method !== "HEAD") || !match) return notFound(res);
    let name: string;
    try {
      name = decodeURIComponent(match[1]);
    } catch {
      return notFound(res);
    }
    const type = TYPES[path.extname(name)];
    if (!SAFE_NAME.test(name) || !type) return notFound(res);
    const file = path.join(imagesDir, name);
    let size = await fileSize(file);
    if (size === null && (await produce(name))) size = await fileSize(file);
    if (size === null) return notFound(res);
    res.writeHead(200, {
      "Content-Type": type,
      "Content-Length": size,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Access-Control-Allow-Origin": "*",
    });
    if (req.method === "HEAD") return void res.end();
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res);
  };
}
