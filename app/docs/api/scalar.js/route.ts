// GET /docs/api/scalar.js: Scalar's API reference as one self-contained script, served from the
// studio itself (no CDN: the page's CSP allows no other origin, and the network may be closed).
// Its own bundle, outside the app's: nothing of it reaches the other pages' scripts.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { json } from "@/lib/api/respond";
import { statusName } from "@/lib/errors";

export const dynamic = "force-dynamic";

const SCRIPT = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

let script: Promise<Buffer> | undefined;

export async function GET(): Promise<Response> {
  script ??= readFile(SCRIPT);
  let body: Buffer;
  try {
    body = await script;
  } catch {
    // Not installed with the app (an incomplete deployment): said in words, and read again next time.
    script = undefined;
    return json(
      {
        error: statusName(404),
        message: "The API reference is not installed here; /api/openapi.json still describes the API.",
      },
      { status: 404 },
    );
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      // The file changes only with the installed version, which a restart brings.
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });
}
