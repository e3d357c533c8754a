import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The API's routes as the file system has them: every app/api/**/route.ts and the methods it
// exports. The document's tests compare it with what the document describes.

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RouteFile {
  /** `/api/products/{id}`: the folder's path, `[name]` written `{name}` as OpenAPI writes it. */
  path: string;
  file: string;
  methods: HttpMethod[];
}

const EXPORTED = new RegExp(`^export\\s+(?:const|async\\s+function|function)\\s+(${HTTP_METHODS.join("|")})\\b`, "gm");

export function routeFiles(root: string): RouteFile[] {
  const apiRoot = path.join(root, "app", "api");
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const folder = path.relative(path.join(root, "app"), dir).split(path.sep);
        const source = readFileSync(full, "utf8");
        found.push({
          path: `/${folder.map((part) => part.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`,
          file: path.relative(root, full),
          methods: [...source.matchAll(EXPORTED)].map((match) => match[1] as HttpMethod),
        });
      }
    }
  };
  walk(apiRoot);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}
