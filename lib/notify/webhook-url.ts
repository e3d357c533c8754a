import { addressLiteral, isLocalhostName, isLoopback, mayConnect } from "@/lib/net/public-address";

// Where a team webhook may point: a public https address, never back at the service or at the
// app itself (the app's calls would then act on its own token or its own routes), and never at
// this machine or a private network (the app would become a way into them). Plain http is
// allowed only to a receiver on this machine, and only when the operator allows such receivers
// at all (WEBHOOK_ALLOW_LOCALHOST=on: development and the test suites). This check reads the
// address as written; the delivery checks the address it really connects to, after DNS
// (lib/notify/deliver-webhook.ts).

export interface ForbiddenOrigins {
  /** The service's API and asset addresses, and the app's own public address. */
  origins: readonly string[];
  /** The port this app listens on, so http://localhost:PORT is refused however it is written. */
  appPort?: number;
  /** Receivers on this machine (localhost, 127.x, ::1) are allowed: WEBHOOK_ALLOW_LOCALHOST. */
  allowLocalhost?: boolean;
}

export const NOT_PUBLIC_WORDS =
  "A webhook cannot point at this machine or at a private network's address (such as 10.x, 192.168.x or 169.254.x): use the receiver's public https:// address.";

/** The reason `raw` cannot be a webhook address, or null when it can. */
export function webhookUrlProblem(raw: string, forbidden: ForbiddenOrigins): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full address such as https://hooks.slack.com/services/…";
  }
  const allowLocalhost = forbidden.allowLocalhost ?? false;
  if (url.protocol !== "https:" && url.protocol !== "http:") return httpsWords(allowLocalhost);
  if (url.username || url.password) return "Leave the user name and password out of the address.";
  const literal = addressLiteral(url.hostname);
  const local = literal ? isLoopback(literal) : isLocalhostName(url.hostname);
  if (literal ? !mayConnect(literal, allowLocalhost) : local && !allowLocalhost) return NOT_PUBLIC_WORDS;
  if (url.protocol !== "https:" && !local) return httpsWords(allowLocalhost);
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

const httpsWords = (allowLocalhost: boolean) =>
  `The address must start with https://${allowLocalhost ? " (http:// is allowed only for localhost)" : ""}.`;

function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

function hostKey(url: URL): string {
  const literal = addressLiteral(url.hostname);
  return (literal ? isLoopback(literal) : isLocalhostName(url.hostname)) ? "localhost" : url.hostname;
}

function sameOrigin(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && hostKey(a) === hostKey(b) && effectivePort(a) === effectivePort(b);
}
