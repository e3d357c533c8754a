import { describe, expect, it } from "vitest";
import { addressInList, parseAddressList } from "./address-list";

describe("an allowed-address list", () => {
  const list = parseAddressList("10.0.0.0/8, 127.0.0.1 ,::1, fd00::/8");

  it("matches addresses and ranges of both families", () => {
    expect(addressInList("10.20.30.40", list)).toBe(true);
    expect(addressInList("127.0.0.1", list)).toBe(true);
    expect(addressInList("::1", list)).toBe(true);
    expect(addressInList("fd12::5", list)).toBe(true);
  });

  it("matches an IPv4-mapped IPv6 client as its IPv4 address", () => {
    expect(addressInList("::ffff:10.1.2.3", list)).toBe(true);
  });

  it("refuses everything else, and no address at all", () => {
    expect(addressInList("11.0.0.1", list)).toBe(false);
    expect(addressInList("127.0.0.2", list)).toBe(false);
    expect(addressInList("2001:db8::1", list)).toBe(false);
    expect(addressInList("not an address", list)).toBe(false);
    expect(addressInList(null, list)).toBe(false);
  });

  it("names an entry that is not an address", () => {
    expect(() => parseAddressList("10.0.0.0/8, example.com")).toThrow(/"example.com" is not an IP address/);
    expect(() => parseAddressList("10.0.0.0/33")).toThrow(/10.0.0.0\/33/);
    expect(parseAddressList(" , ")).toEqual([]);
  });
});
