import ipaddr from "ipaddr.js";

// A list of addresses and ranges such as "10.0.0.0/8, 127.0.0.1, ::1" (METRICS_ALLOW), parsed
// once by ipaddr.js, which knows every IPv4 and IPv6 form; an IPv4-mapped IPv6 client
// (::ffff:10.1.2.3) is matched as the IPv4 address it is.

export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The ranges of a comma-separated list; throws naming the first entry that is not one. */
export function parseAddressList(list: string): AddressRange[] {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        if (entry.includes("/")) return ipaddr.parseCIDR(entry);
        const address = ipaddr.parse(entry);
        return [address, address.kind() === "ipv4" ? 32 : 128] as AddressRange;
      } catch {
        throw new Error(`"${entry.slice(0, 60)}" is not an IP address or a range such as 10.0.0.0/8`);
      }
    });
}

export function addressInList(address: string | null, ranges: readonly AddressRange[]): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}
