import { NextResponse, type NextRequest } from "next/server";

// Sends visitors without a session cookie to the sign-in page, remembering where they were going,
// and tells server components the path they render (layouts are not given it otherwise).
// The real session check happens in the pages and in every API route.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!request.cookies.has("ps_session")) {
    const url = request.nextUrl.clone();
    url.pathname = "/sign-in";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(url);
  }
  const headers = new Headers(request.headers);
  headers.set("x-pathname", pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: API routes answer 401 themselves; assets and the sign-in page pass.
  matcher: ["/((?!api|_next|sign-in|share|favicon.ico|.*\\.[a-z0-9]+$).*)"],
};
