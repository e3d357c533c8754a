import type { NextConfig } from "next";
import { API_CSP, HSTS, SECURITY_HEADERS, SERVICE_WORKER_HEADERS, SHARE_REFERRER_POLICY } from "./lib/security-headers";

const https = [{ type: "header" as const, key: "x-forwarded-proto", value: "https" }];

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly from its own package folder; pg and sharp carry native parts.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sharp", "busboy", "archiver"],
  poweredByHeader: false,
  images: { unoptimized: true },
  // Next copies a request's body in memory for the proxy, up to this size. The proxy only runs for
  // pages, which take no body (the API is left out of it), so the copy is kept small: a large POST
  // to a page cannot make the server hold 10 MB (the default) per request.
  // Next would load every route's code right after start-up, while the first requests are being
  // answered, and they wait behind it; start-up loads the routes a first visit needs instead
  // (lib/warm-up.ts) and the others load when first asked for.
  experimental: { proxyClientMaxBodySize: 64 * 1024, preloadEntriesOnStart: false },
  // Security headers on every response; the pages' nonce CSP is added by proxy.ts. A later entry
  // wins over an earlier one for the same header.
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
      { source: "/sw.js", headers: [...SERVICE_WORKER_HEADERS] },
      { source: "/share/:path*", headers: [{ key: "Referrer-Policy", value: SHARE_REFERRER_POLICY }] },
      { source: "/api/share/:path*", headers: [{ key: "Referrer-Policy", value: SHARE_REFERRER_POLICY }] },
      { source: "/:path*", has: https, headers: [{ key: "Strict-Transport-Security", value: HSTS }] },
    ];
  },
};

export default nextConfig;
