import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Which addresses the app may call on someone else's say-so (team webhooks): public ones only.
// The ranges are checked with Node's own `net.BlockList` on the address really connected to,
// after DNS, by a `lookup` given to the socket: a name that resolves to 127.0.0.1 or 10.x is
// refused before any connection is made, and so is an address literal in any spelling (the URL
// parser already turns 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1).
// Why not a package: `request-filtering-agent` (an http.Agent doing the same) and `ipaddr.js`
// are not among the app's dependencies; BlockList ships with Node, is kept by it, and checks
// IPv4-mapped IPv6 addresses (::ffff:7f00:1) against the IPv4 ranges itself (which is also why
// ::ffff:0:0/96 is not listed: BlockList would then match every IPv4 address against it).

const V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches this machine
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const V6: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64, embeds an IPv4 address
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23], // IETF protocol assignments, Teredo
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4, embeds an IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10],
  ["ff00::", 8], // multicast
];

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of V4) NOT_PUBLIC.addSubnet(net, bits, "ipv4");
for (const [net, bits] of V6) NOT_PUBLIC.addSubnet(net, bits, "ipv6");

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** Strips the brackets of an IPv6 URL host; null when `host` is a name, not an address. */
export function addressLiteral(host: string): string | null {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return isIP(bare) ? bare : null;
}

export const isLoopback = (address: string) => isIP(address) !== 0 && LOOPBACK.check(address, family(address));

/** Names that mean this machine without any DNS: localhost and its subdomains, with or without the root dot. */
export const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Whether the app may connect to `address`: a public address, or a loopback one when
 * `allowLoopback` (a receiver on this machine, for development and tests).
 */
export function mayConnect(address: string, allowLoopback: boolean): boolean {
  if (isIP(address) === 0) return false;
  if (allowLoopback && isLoopback(address)) return true;
  return !NOT_PUBLIC.check(address, family(address));
}

/** The error a refused address fails the connection with (the caller words it for people). */
export class RefusedAddressError extends Error {
  readonly code = "EADDRREFUSED";
  constructor(readonly host: string) {
    super(`${host} is not a public address`);
  }
}

type Resolve = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true } satisfies LookupAllOptions, callback);

/**
 * A `lookup` for net/http/https that resolves a name and refuses it when ANY of its addresses is
 * not public, so the socket only ever connects to an address checked here (no second lookup to
 * rebind). `resolve` is for tests: a name that resolves to loopback without touching real DNS.
 */
export function publicOnlyLookup(options: { allowLoopback: boolean; resolve?: Resolve }): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const wanted =
        lookupOptions.family === 4 || lookupOptions.family === 6
          ? addresses.filter((a) => a.family === lookupOptions.family)
          : addresses;
      if (wanted.length === 0 || addresses.some((a) => !mayConnect(a.address, options.allowLoopback))) {
        return callback(new RefusedAddressError(hostname), "", 4);
      }
      if (lookupOptions.all) return callback(null, wanted);
      callback(null, wanted[0].address, wanted[0].family);
    });
  };
}
