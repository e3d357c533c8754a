// The response headers that keep the app's pages from being framed, sniffed or injected into.
// No imports: next.config.ts reads this module too, outside the app's bundles.
//
// Two layers, because of how Next 16 runs its proxy:
// - next.config.ts `headers()` puts the static headers below on EVERY response, pages and API
//   alike (API responses also get a CSP that allows nothing, as they are never documents to run).
// - proxy.ts adds the page CSP with a fresh nonce per request. The proxy does not run for /api:
//   Next clones a request body for the proxy (buffering up to `proxyClientMaxBodySize`, 10 MB by
//   default, in memory, and cutting the body there), which would undo the API's streamed limits.

export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** For every /api response: nothing to run, nothing to frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The service worker's own script: its policy is the worker's (it loads nothing but its
 * notifications' icon), and it is asked for afresh on each check for an update.
 */
export const SERVICE_WORKER_HEADERS: readonly { key: string; value: string }[] = [
  { key: "Content-Security-Policy", value: "default-src 'self'" },
  { key: "Cache-Control", value: "no-cache" },
];

/** Shared links are secrets in the URL: never sent on as a referrer (pages and their images). */
export const SHARE_REFERRER_POLICY = "no-referrer";

export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The pages' policy, the strictest Next 16 allows:
 * - scripts: only those carrying this response's nonce ('strict-dynamic' lets Next's own loader
 *   add its chunks); Next reads the nonce from the request's CSP header and stamps its inline
 *   scripts with it, which is why every page renders dynamically (a prerendered page has none).
 * - styles: 'unsafe-inline' stays, because React writes `style="…"` attributes (positions,
 *   progress widths, aspect ratios) that a nonce cannot cover; CSS cannot run code.
 * - images: this app, data:/blob: (texture previews before upload) and the service's asset
 *   origin, where template previews and the generated shots live.
 */
export function pageCsp(nonce: string, options: { assetOrigin: string; dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${options.assetOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    // Workers come from this app only (the notifications' service worker, public/sw.js): said
    // outright rather than left to script-src's fallback, whose nonce and 'strict-dynamic'
    // browsers do not read alike for a worker's script.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Served over https: directly, or behind a proxy that says so. */
export function isHttps(url: URL, forwardedProto: string | null): boolean {
  if (url.protocol === "https:") return true;
  return (forwardedProto ?? "").split(",")[0].trim().toLowerCase() === "https";
}
