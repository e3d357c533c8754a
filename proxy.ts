import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { HSTS, isHttps, pageCsp } from "@/lib/security-headers";

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
  if (request.method !== "GET" && request.method !== "HEAD") {
    // Pages are only read; writes go to /api. (Next has already copied up to 64 KB of such a body
    // for this function: see proxyClientMaxBodySize in next.config.ts.)
    response = NextResponse.json(
      { error: "Method Not Allowed", message: "This page can only be opened, not sent to." },
      { status: 405, headers: { allow: "GET, HEAD" } },
    );
  } else if (!isPublicPage(pathname) && !request.cookies.has("ps_session")) {
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

/** Pages anyone may open: the sign-in page and shared links (`/share/…`, not `/shares`). */
export function isPublicPage(pathname: string): boolean {
  return pathname === "/sign-in" || pathname.startsWith("/share/");
}

export const config = {
  // Every page, whatever its path looks like: `/products/prd_x.png` is a page too (a 404 or a
  // product), and a rule leaving out "anything that ends like a file name" served such pages
  // without their CSP. Left out, by name: /api (the proxy would have Next buffer request bodies,
  // see lib/security-headers.ts; API routes answer 401 themselves and get their headers from
  // next.config.ts), Next's own files under /_next, and the app's icon (app/icon.svg). A file
  // added to public/ later must be named here, or it is served through the proxy like a page.
  matcher: ["/((?!api/|_next/|favicon\\.ico$|icon\\.svg$).*)"],
};
