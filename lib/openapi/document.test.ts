import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { apiDocument } from "./document";

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

function operations(): [string, Operation][] {
  return Object.entries(apiDocument().paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
}

describe("the API document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(apiDocument())) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(apiDocument().openapi).toBe("3.1.0");
    // The validator does refuse a broken document: a parameter in a place OpenAPI does not know.
    const broken = JSON.parse(JSON.stringify(apiDocument())) as {
      paths: Record<string, Record<string, { parameters: { in: string }[] }>>;
    };
    broken.paths["/api/products"].get.parameters[0].in = "body";
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("names both ways in: the session cookie and an API key as a bearer token", () => {
    expect(apiDocument().components?.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "ps_session" }),
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const [, signedIn] = operations().find(([key]) => key === "POST /api/predictions")!;
    expect(signedIn.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    const [, open] = operations().find(([key]) => key === "GET /api/health")!;
    expect(open.security).toEqual([]);
  });

  it("gives every error answer the one { error, message } shape, and every signed-in route its 401", () => {
    expect(apiDocument().components?.schemas?.Error).toMatchObject({ required: ["error", "message"] });
    for (const [key, operation] of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(answer.content?.["application/json"]?.schema?.$ref, `${key} ${status}`).toBe(
          "#/components/schemas/Error",
        );
      }
      if (operation.security?.length)
        expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(["401", "403"]));
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith("2") || status.startsWith("3")),
        `${key} answers something`,
      ).toBe(true);
    }
  });

  it("names the main workflow's answers", () => {
    const schemas = Object.keys(apiDocument().components?.schemas ?? {});
    for (const name of [
      "Template",
      "ProductView",
      "ProductPage",
      "LoraStartResult",
      "PredictionView",
      "PredictionPage",
      "PredictionReviews",
      "ShareView",
      "CampaignView",
    ]) {
      expect(schemas).toContain(name);
    }
  });
});
