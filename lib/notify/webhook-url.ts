// Where a team webhook may point: https anywhere, plain http only on this machine (for a test
// receiver), and never back at the service or at the app itself (the app's calls would then act
// on its own token or its own routes).

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export interface ForbiddenOrigins {
  /** The service's API and asset addresses, and the app's own public address. */
  origins: readonly string[];
  /** The port this app listens on, so http://localhost:PORT is refused however it is written. */
  appPort?: number;
}

/** The reason `raw` cannot be a webhook address, or null when it can. */
export function webhookUrlProblem(raw: string, forbidden: ForbiddenOrigins): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full address such as https://hooks.slack.com/services/…";
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    return "The address must start with https:// (http:// is allowed only for localhost).";
  }
  if (url.username || url.password) return "Leave the user name and password out of the address.";
  const own = forbidden.origins.some((origin) => {
    try {
      return sameOrigin(new URL(origin), url);
    } catch {
      return false;
    }
  });
  const appItself = local && forbidden.appPort !== undefined && effectivePort(url) === forbidden.appPort;
  if (own || appItself) return "A webhook cannot point at this app or at the image service.";
  return null;
}

function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

function sameOrigin(a: URL, b: URL): boolean {
  const host = (u: URL) => (LOCAL_HOSTS.has(u.hostname) ? "localhost" : u.hostname);
  return a.protocol === b.protocol && host(a) === host(b) && effectivePort(a) === effectivePort(b);
}
