// Contract: authentication (section 5), permissions, and the error shape for unknown paths/methods.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProduct, READ_ONLY, startTestService, type TestService } from "./test-support";

const UNAUTHORIZED = { error: "Unauthorized", message: "Invalid or missing API token" };
const FORBIDDEN = { error: "Forbidden", message: "Insufficient permissions" };

let svc: TestService;
let productId: string;
beforeAll(async () => {
  svc = await startTestService();
  productId = await createProduct(svc);
});
afterAll(() => svc.dispose());

describe("authentication", () => {
  const paths = ["/template/", "/prediction/", "/product/abc"];

  it.each(paths)("401 without the Authorization header on GET %s", async (path) => {
    const reply = await call("GET", `${svc.baseUrl}${path}`, { token: null });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNAUTHORIZED);
  });

  it("401 for a token without the Bearer prefix", async () => {
    const reply = await call("GET", `${svc.baseUrl}/template/`, { authorization: "test-full-token" });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNAUTHORIZED);
  });

  it("401 for an unknown (revoked) token, also on POST", async () => {
    expect((await call("GET", `${svc.baseUrl}/template/`, { token: "revoked" })).body).toEqual(UNAUTHORIZED);
    const post = await call("POST", `${svc.baseUrl}/prediction/`, { token: "revoked" });
    expect(post.status).toBe(401);
    expect(post.body).toEqual(UNAUTHORIZED);
  });

  it("a read-only token can GET", async () => {
    expect((await call("GET", `${svc.baseUrl}/template/`, { token: READ_ONLY })).status).toBe(200);
    expect((await call("GET", `${svc.baseUrl}/prediction/`, { token: READ_ONLY })).status).toBe(200);
    expect((await call("GET", `${svc.baseUrl}/product/${productId}`, { token: READ_ONLY })).status).toBe(200);
  });

  it.each(["/product/", "/product/{id}/generate-lora", "/prediction/"])(
    "a read-only token gets 403 on POST %s",
    async (path) => {
      const reply = await call("POST", `${svc.baseUrl}${path.replace("{id}", productId)}`, { token: READ_ONLY });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(FORBIDDEN);
    },
  );

  it("the control API needs a full token", async () => {
    expect((await call("GET", `${svc.controlUrl}/calls`, { token: null })).status).toBe(401);
    expect((await call("GET", `${svc.controlUrl}/calls`, { token: READ_ONLY })).body).toEqual(FORBIDDEN);
  });
});

describe("routing", () => {
  it("unknown paths → 404 and wrong methods → 405, in the error shape", async () => {
    const unknown = await call("GET", `${svc.baseUrl}/nothing/here`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Not Found");
    expect(typeof unknown.body.message).toBe("string");
    // Paths are exact, trailing slashes included.
    expect((await call("GET", `${svc.baseUrl}/prediction`)).status).toBe(404);
    const wrong = await call("DELETE", `${svc.baseUrl}/prediction/`);
    expect(wrong.status).toBe(405);
    expect(wrong.body.error).toBe("Method Not Allowed");
    expect(wrong.headers.get("allow")).toContain("GET");
  });

  it("odd client input gets a 4xx in the error shape, never a 500", async () => {
    const badEscape = await call("GET", `${svc.baseUrl}/prediction/%E0%A4%A`);
    expect(badEscape.status).toBe(404);
    expect(badEscape.body.error).toBe("Not Found");
    const json = await call("POST", `${svc.baseUrl}/prediction/`, {
      json: { product_id: productId, aspect_ratio: "1:1" },
    });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe("Unsupported Media Type");
    const badControl = await fetch(`${svc.controlUrl}/seed`, {
      method: "POST",
      headers: { Authorization: "Bearer test-full-token", "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(badControl.status).toBe(400);
  });
});
