import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES, OTHER_ROUTE, routePattern } from "./route-pattern";

function routesOnDisk(dir: string, prefix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...routesOnDisk(full, `${prefix}/${entry}`));
    else if (entry === "route.ts") found.push(prefix);
  }
  return found;
}

describe("the request metrics' route label", () => {
  it("lists every route handler under app/api, and no other", () => {
    const onDisk = routesOnDisk(path.resolve(__dirname, "..", "..", "app", "api"), "/api");
    expect([...API_ROUTES].sort()).toEqual(onDisk.sort());
  });

  it("names the pattern, not the ids in the path", () => {
    expect(routePattern("/api/campaigns/cmp_8f2a")).toBe("/api/campaigns/[id]");
    expect(routePattern("/api/campaigns/cmp_8f2a/pause")).toBe("/api/campaigns/[id]/[action]");
    expect(routePattern("/api/products/prd_1/textures/label")).toBe("/api/products/[id]/textures/[key]");
    expect(routePattern("/api/predictions/p1/reviews/undo")).toBe("/api/predictions/[id]/reviews/undo");
  });

  it("keeps a share link's token out of the label", () => {
    expect(routePattern("/api/share/s3cr3t-t0ken-abc/image")).toBe("/api/share/[token]/image");
  });

  it("prefers a static segment to a dynamic one, as Next does", () => {
    expect(routePattern("/api/products/ids")).toBe("/api/products/ids");
    expect(routePattern("/api/campaigns/estimate")).toBe("/api/campaigns/estimate");
    expect(routePattern("/api/campaigns/cmp_1/zip")).toBe("/api/campaigns/[id]/zip");
    expect(routePattern("/api/predictions/batch")).toBe("/api/predictions/batch");
    expect(routePattern("/api/shares/preview")).toBe("/api/shares/preview");
  });

  it("reads a trailing slash as the route without it", () => {
    expect(routePattern("/api/templates/")).toBe("/api/templates");
    expect(routePattern("/api/metrics")).toBe("/api/metrics");
  });

  it("counts made-up paths under one label", () => {
    expect(routePattern("/api/nothing/here")).toBe(OTHER_ROUTE);
    expect(routePattern("/api/products/p1/unknown")).toBe(OTHER_ROUTE);
    expect(routePattern("/api/products//lora")).toBe(OTHER_ROUTE);
    expect(routePattern("/")).toBe(OTHER_ROUTE);
  });
});
