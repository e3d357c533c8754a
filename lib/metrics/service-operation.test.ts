import { describe, expect, it } from "vitest";
import { serviceOperation } from "./service-operation";

const base = "https://pvs.example.com/api/v1";
const op = (method: string, path: string) => serviceOperation(method, base + path, "/api/v1");

describe("the service calls' operation label", () => {
  it("names the interface's path with the ids taken out", () => {
    expect(op("GET", "/template/")).toBe("GET /template/");
    expect(op("GET", "/template/7")).toBe("GET /template/{id}");
    expect(op("POST", "/product/")).toBe("POST /product/");
    expect(op("GET", "/product/prd_abc")).toBe("GET /product/{id}");
    expect(op("POST", "/product/prd_abc/generate-lora")).toBe("POST /product/{id}/generate-lora");
    expect(op("GET", "/prediction/?limit=1")).toBe("GET /prediction/");
    expect(op("GET", "/prediction/p%201")).toBe("GET /prediction/{id}");
  });

  it("counts anything else under one label", () => {
    expect(op("GET", "/users/1")).toBe("other");
    expect(op("GET", "/product/p1/secret/x")).toBe("other");
    expect(op("GET", "/product/p1/other-action")).toBe("other");
    expect(serviceOperation("GET", "https://elsewhere.test/x", "/api/v1")).toBe("other");
    expect(serviceOperation("GET", "not a url", "/api/v1")).toBe("other");
  });
});
