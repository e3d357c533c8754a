import "server-only";
import { env } from "@/lib/env";
import { PEER_ADDRESS_HEADER } from "./peer-address";

// The client's address for sign-in limits and the audit log. Forwarded headers are believed only
// as far as TRUST_PROXY says: with N proxies in front, each appends the address it saw to
// `x-forwarded-for`, so the N-th entry from the right is the last one no client could write.
// Without proxies (the default) the address is the socket's, stamped by peer-address.ts.

export function clientAddress(request: Request): string | null {
  const proxies = env().TRUST_PROXY;
  if (proxies > 0) {
    const chain = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (chain.length > 0) return normalize(chain[Math.max(0, chain.length - proxies)]);
  }
  const peer = request.headers.get(PEER_ADDRESS_HEADER);
  return peer ? normalize(peer) : null;
}

// "::ffff:127.0.0.1" and "127.0.0.1" are one client.
function normalize(address: string): string {
  return address
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1")
    .slice(0, 64);
}
