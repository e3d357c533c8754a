import { describe, expect, it } from "vitest";
import { requestIdOf } from "./request-id";

const withHeader = (value?: string) =>
  new Request("http://app.test/api/health", value === undefined ? {} : { headers: { "x-request-id": value } });

describe("requestIdOf", () => {
  it("keeps a well-formed incoming id", () => {
    expect(requestIdOf(withHeader("lb-7f3a9c21-0001"))).toBe("lb-7f3a9c21-0001");
  });

  it("makes a new id when there is none or it is malformed", () => {
    const made = requestIdOf(withHeader());
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ["short", "has space in it", "x".repeat(65), 'quote"and{json}-0000']) {
      const id = requestIdOf(withHeader(bad));
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
