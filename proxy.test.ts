import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { useTestEnv } from "@/lib/db/testing";
import { config, isPublicPage, proxy } from "./proxy";

// The proxy's choices for one request; the built app's answers are in test/bff/security-headers.test.ts.

let testEnv: ReturnType<typeof useTestEnv>;
beforeAll(() => {
  testEnv = useTestEnv({ PVS_ASSET_URL: "http://127.0.0.1:4011/assets" });
});
afterAll(() => testEnv.cleanup());

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://app.test${path}`, { headers });

describe("proxy", () => {
  it("sends /shares without a cookie to sign-in (only /share/… is public), and lets /share/… through", () => {
    const shares = proxy(request("/shares"));
    expect(shares.status).toBe(307);
    expect(shares.headers.get("location")).toBe("http://app.test/sign-in?next=%2Fshares");
    const share = proxy(request("/share/abc"));
    expect(share.headers.get("location")).toBeNull();
    expect(share.headers.get("x-middleware-next")).toBe("1");
    expect(isPublicPage("/sign-in")).toBe(true);
    expect(isPublicPage("/sharesomething")).toBe(false);
    expect(isPublicPage("/share")).toBe(false);
    // The API reference describes routes, not data: open to an integrator holding only an API key.
    const reference = proxy(request("/docs/api"));
    expect(reference.headers.get("location")).toBeNull();
    expect(isPublicPage("/docs/api/scalar.js")).toBe(true);
    expect(isPublicPage("/docs/api/elsewhere")).toBe(false);
  });

  it("gives each page a CSP with its own nonce, and tells the renderer the same policy", () => {
    const first = proxy(request("/gallery", { cookie: `${SESSION_COOKIE}=x` }));
    const second = proxy(request("/gallery", { cookie: `${SESSION_COOKIE}=x` }));
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{40,}' 'strict-dynamic'/);
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4011");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    // NextResponse.next passes the request headers on as x-middleware-request-* headers.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS only when served over https", () => {
    const https = proxy(request("/gallery", { cookie: `${SESSION_COOKIE}=x`, "x-forwarded-proto": "https" }));
    expect(https.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("does not run for /api or Next's files, but does for every page", () => {
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    for (const path of [
      "/api/session",
      "/api/products",
      "/_next/static/chunks/a.js",
      "/_next/image",
      "/favicon.ico",
      "/icon.svg",
      // Asked for by the browser without a session: the service worker, its icon, the manifest.
      "/sw.js",
      "/notification-icon.png",
      "/manifest.webmanifest",
    ]) {
      expect(matcher.test(path), path).toBe(false);
    }
    // A page path that ends like a file name is a page: it gets the CSP like any other.
    for (const path of [
      "/",
      "/gallery",
      "/shares",
      "/share/abc",
      "/sign-in",
      "/apiary",
      "/users",
      "/products/prd_x.png",
      "/share/abc.html",
      "/gallery.json",
      "/icon.svg.html",
      "/x/favicon.ico",
      "/x/sw.js",
      "/sw.js.html",
    ]) {
      expect(matcher.test(path), path).toBe(true);
    }
  });
});

describe("proxy and request bodies", () => {
  it("answers a write to a page 405 in words: pages take no body", async () => {
    const response = proxy(
      new NextRequest("http://app.test/gallery", {
        method: "POST",
        body: "x",
        headers: { cookie: `${SESSION_COOKIE}=x` },
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({
      error: "Method Not Allowed",
      message: "This page can only be opened, not sent to.",
    });
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
