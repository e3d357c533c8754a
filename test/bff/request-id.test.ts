import { describe, expect, it } from "vitest";
import { api } from "./client";

// Every API answer names its request id, so a person can quote it and an operator find its lines.

describe("request ids", () => {
  it("keeps a well-formed incoming x-request-id and answers it", async () => {
    const response = await api("/api/health", { headers: { "x-request-id": "lb-trace-000123" } });
    expect(response.headers.get("x-request-id")).toBe("lb-trace-000123");
  });

  it("makes one when there is none or it is malformed, on success and on error alike", async () => {
    const fresh = await api("/api/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await api("/api/products", { headers: { "x-request-id": "bad id with spaces" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const share = await api(`/api/share/${"A".repeat(43)}`);
    expect(share.status).toBe(404);
    expect(share.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
