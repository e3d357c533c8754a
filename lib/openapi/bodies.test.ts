import path from "node:path";
import type { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { describe, expect, it } from "vitest";
import { routeFiles, type HttpMethod } from "@/test/support/api-routes";
import { handlerSchemas, type SchemaUse } from "@/test/support/handler-schemas";
import { apiPaths } from "./document";

// The document's request bodies and queries are the very zod objects the handlers parse with:
// each handler's `schema.parse(…)` is read from its source, and the document's schema is looked
// up by identity among the exports of lib/schemas. A handler that changes its schema, or a
// document that describes another one, fails here.

const root = path.resolve(__dirname, "../..");
const schemaModules = import.meta.glob<Record<string, unknown>>(["/lib/schemas/*.ts", "!/lib/schemas/*.test.ts"], {
  eager: true,
});

/** `@/lib/schemas/<file>` and the export's name of a schema object, by identity. */
function exportOf(schema: unknown): string | undefined {
  for (const [file, exports] of Object.entries(schemaModules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (value === schema) return `@${file.replace(/\.ts$/, "")}.${name}`;
    }
  }
  return undefined;
}

const named = (use: SchemaUse) => `${use.module}.${use.name}`;

function operationOf(route: string, method: HttpMethod): ZodOpenApiOperationObject {
  const operation = apiPaths()[route]?.[method.toLowerCase() as "get"];
  if (!operation) throw new Error(`${method} ${route} is not described`);
  return operation;
}

/** The documented JSON body: its schema, or each option of a union of schemas the handler chooses between. */
function documentedBody(operation: ZodOpenApiOperationObject): (string | undefined)[] {
  const body = operation.requestBody;
  const schema = body && "content" in body ? body.content["application/json"]?.schema : undefined;
  if (!schema) return [];
  const direct = exportOf(schema);
  if (direct) return [direct];
  const options = (schema as { _zod?: { def?: { type?: string; options?: unknown[] } } })._zod?.def;
  return options?.type === "union" && options.options ? options.options.map(exportOf) : [undefined];
}

// Routes whose handler reads its query through a schema the document cannot show as parameters.
const QUERY_DESCRIBED_BY_HAND: Record<string, string> = {
  // The link's filter is a record checked against the gallery's own query schema; the document
  // lists the gallery's keys (their very field schemas, checked below like the others).
  "GET /api/shares/preview": "shareFilterSchema reads the gallery's keys",
};

const operations = routeFiles(root).flatMap((route) => route.methods.map((method) => ({ route, method })));

describe("the API document's bodies and queries", () => {
  it("reads the handlers' schemas (a sanity check of the reader)", () => {
    expect(handlerSchemas(root, "app/api/predictions/route.ts", "POST")).toEqual([
      { kind: "body", module: "@/lib/schemas/prediction", name: "createPredictionSchema" },
    ]);
    expect(handlerSchemas(root, "app/api/predictions/route.ts", "GET")).toEqual([
      { kind: "query", module: "@/lib/schemas/gallery-query", name: "galleryQuerySchema" },
    ]);
  });

  it.each(operations.map(({ route, method }) => [`${method} ${route.path}`, route.file, method] as const))(
    "%s documents the body its handler parses",
    (key, file, method) => {
      const [, route] = key.split(" ");
      const parsed = handlerSchemas(root, file, method)
        .filter((use) => use.kind === "body")
        .map(named);
      expect(documentedBody(operationOf(route, method)).sort()).toEqual(parsed.sort());
    },
  );

  it.each(operations.map(({ route, method }) => [`${method} ${route.path}`, route.file, method] as const))(
    "%s documents the query its handler parses, field by field",
    (key, file, method) => {
      const [, route] = key.split(" ");
      const uses = handlerSchemas(root, file, method).filter((use) => use.kind === "query");
      const query = operationOf(route, method).requestParams?.query as z.ZodObject | undefined;
      for (const use of uses) {
        if (QUERY_DESCRIBED_BY_HAND[key]) continue;
        const schema = schemaModules[`/${use.module.replace("@/", "")}.ts`]?.[use.name] as z.ZodObject | undefined;
        expect(schema?.shape, `${named(use)} is an object schema`).toBeDefined();
        expect(query, `${key} documents the query of ${named(use)}`).toBeDefined();
        for (const [field, fieldSchema] of Object.entries(schema!.shape)) {
          expect(query!.shape[field] === fieldSchema, `${key}: the query's ${field} is ${named(use)}'s own`).toBe(true);
        }
      }
    },
  );
});
