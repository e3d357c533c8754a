import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiDocument } from "./document";
import { HTTP_METHODS, routeFiles } from "@/test/support/api-routes";

// Every route the app serves is in the document, and the document lists no route that is not.

const root = path.resolve(__dirname, "../..");

function routeOperations(): string[] {
  return routeFiles(root).flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
}

function documentedOperations(): string[] {
  const paths = apiDocument().paths ?? {};
  return Object.entries(paths).flatMap(([route, item]) =>
    HTTP_METHODS.filter((method) => item?.[method.toLowerCase() as Lowercase<typeof method>]).map(
      (method) => `${method} ${route}`,
    ),
  );
}

describe("the API document's coverage", () => {
  it("finds the route files and their methods", () => {
    const operations = routeOperations();
    // Sanity of the walk itself: a nested [param] route and a file exporting several methods.
    expect(operations).toContain("POST /api/campaigns/{id}/{action}");
    expect(operations).toEqual(
      expect.arrayContaining(["GET /api/session", "POST /api/session", "DELETE /api/session"]),
    );
    expect(operations.length).toBeGreaterThan(60);
  });

  it("describes every route under app/api, and only those", () => {
    const routes = routeOperations();
    const documented = documentedOperations();
    const missing = routes.filter((operation) => !documented.includes(operation));
    const extra = documented.filter((operation) => !routes.includes(operation));
    // A new route: describe it in its area's file under lib/openapi/areas (see lib/openapi/document.ts).
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });
});
