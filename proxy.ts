import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { env } from "@/lib/env";
import { HSTS, isHttps, pageCsp } from "@/lib/security-headers";
import { DRAINING_RETRY_AFTER_SECONDS, isDraining } from "@/lib/shutdown";

// What a page answers while this instance shuts down: plain words, no script (the CSP allows none).
const RESTARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Restarting — Product Studio</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b">
<h1 style="font-size:1.25rem">Product Studio is restarting</h1><p>Nothing you saved is lost. Reload this page in a moment.</p></body></html>`;

// Every page passes here: it gets its Content-Security-Policy with a fresh nonce (Next stamps its
// own scripts with the nonce it finds in the request's CSP header), visitors without a session
// cookie go to the sign-in page remembering where they were going, and server components are
// told the path they render (layouts are not given it otherwise). The real session check
// happens in the pages and in every API route. The static headers come from next.config.ts.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const https = isHttps(request.nextUrl, request.headers.get("x-forwarded-proto"));
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = pageCsp(nonce, {
    assetOrigin: new URL(env().PVS_ASSET_URL).origin,
    dev: env().NODE_ENV !== "production",
    https,
  });

  let response: NextResponse;
  if (isDraining()) {
    response = new NextResponse(RESTARTING_PAGE, {
      status: 503,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "retry-after": String(DRAINING_RETRY_AFTER_SECONDS),
        connection: "close",
      },
    });
  } else if (request.method !== "GET" && request.method !== "HEAD") {
    // Pages are only read; writes go to /api. (Next has already copied up to 64 KB of such a body
    // for this function: see proxyClientMaxBodySize in next.config.ts.)
    response = NextResponse.json(
      { error: "Method Not Allowed", message: "This page can only be opened, not sent to." },
      { status: 405, headers: { allow: "GET, HEAD" } },
    );
  } else if (!isPublicPage(pathname) && !request.cookies.has(SESSION_COOKIE)) {
    const url = request.nextUrl.clone();
    url.pathname = "/sign-in";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    response = NextResponse.redirect(url);
  } else {
    const headers = new Headers(request.headers);
    headers.set("x-pathname", pathname + search);
    headers.set("content-security-policy", csp);
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("content-security-policy", csp);
  if (https) response.headers.set("strict-transport-security", HSTS);
  return response;
}

/**
 * Pages anyone may open: the sign-in page, shared links (`/share/…`, not `/shares`) and the API
 * reference (it describes routes, not data; an integrator may hold an API key and no account).
 */
export function isPublicPage(pathname: string): boolean {
  return (
    pathname === "/sign-in" ||
    pathname.startsWith("/share/") ||
    pathname === "/docs/api" ||
    pathname === "/docs/api/scalar.js"
  );
}

export const config = {
  // Every page, whatever its path looks like: `/products/prd_x.png` is a page too (a 404 or a
  // product), and a rule leaving out "anything that ends like a file name" served such pages
  // without their CSP. Left out, by name: /api (the proxy would have Next buffer request bodies,
  // see lib/security-headers.ts; API routes answer 401 themselves and get their headers from
  // next.config.ts), Next's own files under /_next, the app's icon (app/icon.svg), the web app
  // manifest (app/manifest.ts) and public/'s files: the notifications' service worker and icon.
  // A browser asks for these without a session (or must not be sent to sign in instead). A file
  // added to public/ later must be named here, or it is served through the proxy like a page.
  matcher: [
    "/((?!api/|_next/|favicon\\.ico$|icon\\.svg$|manifest\\.webmanifest$|sw\\.js$|notification-icon\\.png$).*)",
  ],
};
