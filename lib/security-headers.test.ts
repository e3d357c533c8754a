import { describe, expect, it } from "vitest";
import { isHttps, pageCsp } from "./security-headers";

describe("pageCsp", () => {
  const csp = pageCsp("bm9uY2U=", { assetOrigin: "https://assets.pvs.example.com", dev: false, https: false });
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

  it("runs only scripts carrying the nonce, and nothing eval'd in production", () => {
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(pageCsp("n", { assetOrigin: "http://a.test", dev: true, https: false })).toContain("'unsafe-eval'");
  });

  it("shows images from the asset origin, refuses framing, plugins and other bases", () => {
    expect(directive("img-src")).toBe("img-src 'self' data: blob: https://assets.pvs.example.com");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("base-uri")).toBe("base-uri 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(pageCsp("n", { assetOrigin: "https://a.test", dev: false, https: true })).toContain(
      "upgrade-insecure-requests",
    );
  });

  it("lets the page register the notifications' service worker from this app only", () => {
    expect(directive("worker-src")).toBe("worker-src 'self'");
    expect(directive("manifest-src")).toBe("manifest-src 'self'");
  });
});

describe("isHttps", () => {
  it.each([
    ["https://studio.example.com/", null, true],
    ["http://127.0.0.1:3000/", "https", true],
    ["http://127.0.0.1:3000/", "https, http", true],
    ["http://127.0.0.1:3000/", "http", false],
    ["http://127.0.0.1:3000/", null, false],
  ])("%s forwarded %s → %s", (url, proto, expected) => {
    expect(isHttps(new URL(url), proto)).toBe(expected);
  });
});
