// Where sign-in sends a person afterwards (`?next=`): only a path on this app, never another site.
// The value is resolved the way a browser would resolve it (tabs and newlines dropped, `\` read as
// `/`), so `/\t/evil.example`, `//evil.example`, `/\evil.example` and `https:evil.example` all
// show up as another origin and are refused; what is kept is the resolved path, not the raw text.

// A placeholder origin: any `next` that resolves elsewhere names another site. (The app's real
// origin is not needed, and behind a proxy it is not reliably known.)
const HOME = "http://app.invalid";

export function safeNextPath(next: string | null | undefined): string {
  if (typeof next !== "string" || !next.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(next, HOME);
  } catch {
    return "/";
  }
  if (url.origin !== HOME) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to the sign-in page would be a loop.
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/")) return "/";
  return path;
}

/** Where someone signed in with a one-time password chooses their own. */
export const CHANGE_PASSWORD_PATH = "/account/password";
