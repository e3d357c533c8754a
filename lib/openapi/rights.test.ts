import { describe, expect, it } from "vitest";
import { ROUTE_RIGHTS } from "@/test/support/route-rights";
import { apiDocument } from "./document";

// The document says who may call each route as the role matrix does (test/bff/roles.test.ts
// checks the matrix against the running app, every role on every route).

type Described = { security?: unknown[]; "x-right"?: string };

describe("the API document's rights", () => {
  it.each(Object.entries(ROUTE_RIGHTS))("%s needs %s", (key, right) => {
    const [method, folder] = key.split(" ");
    const route = folder.replace(/\[([^\]]+)\]/g, "{$1}");
    const operation = (apiDocument().paths?.[route] as Record<string, Described> | undefined)?.[method.toLowerCase()];
    expect(operation, `${key} is described`).toBeDefined();
    if (right === "public" || right === "operator") {
      // The operator's token is not a session nor an API key: the document names it in words.
      expect(operation!.security).toEqual([]);
      expect(operation!["x-right"]).toBeUndefined();
    } else {
      expect(operation!.security).toHaveLength(2);
      expect(operation!["x-right"]).toBe(right);
    }
  });
});
