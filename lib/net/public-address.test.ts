import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { mayConnect, publicOnlyLookup, RefusedAddressError } from "./public-address";

/** A resolver of the test's own: names that resolve where an attacker points them, without real DNS. */
const fakeDns: Record<string, LookupAddress[]> = {
  "hooks.example.test": [{ address: "93.184.215.14", family: 4 }],
  "rebind.example.test": [{ address: "127.0.0.1", family: 4 }],
  "metadata.example.test": [{ address: "169.254.169.254", family: 4 }],
  "mixed.example.test": [
    { address: "93.184.215.14", family: 4 },
    { address: "10.0.0.1", family: 4 },
  ],
  "mapped.example.test": [{ address: "::ffff:7f00:1", family: 6 }],
  "ula.example.test": [{ address: "fd12::1", family: 6 }],
  "v6.example.test": [{ address: "2606:4700::1111", family: 6 }],
};
const resolve = (name: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
  queueMicrotask(() => callback(null, fakeDns[name] ?? []));

function lookupOf(name: string, allowLoopback = false, all = false): Promise<string | LookupAddress[]> {
  return new Promise((ok, fail) =>
    publicOnlyLookup({ allowLoopback, resolve })(name, { all }, (error, address) =>
      error ? fail(error) : ok(address),
    ),
  );
}

describe("public addresses", () => {
  it("tells public from loopback, private, link-local, metadata and mapped addresses", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700::1111"])
      expect(mayConnect(address, false), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "127.9.9.9",
      "::1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "fd00::1",
      "fe80::1",
      "ff02::1",
      "not an address",
    ]) {
      expect(mayConnect(address, false), address).toBe(false);
    }
    expect(mayConnect("127.0.0.1", true)).toBe(true);
    expect(mayConnect("::1", true)).toBe(true);
    expect(mayConnect("10.0.0.1", true)).toBe(false);
  });

  it("resolves a public name, and refuses a name that resolves to loopback, metadata, a private or a mapped address", async () => {
    expect(await lookupOf("hooks.example.test")).toBe("93.184.215.14");
    expect(await lookupOf("v6.example.test", false, true)).toEqual([{ address: "2606:4700::1111", family: 6 }]);
    for (const name of [
      "rebind.example.test",
      "metadata.example.test",
      "mixed.example.test",
      "mapped.example.test",
      "ula.example.test",
      "nowhere.example.test",
    ]) {
      await expect(lookupOf(name), name).rejects.toBeInstanceOf(RefusedAddressError);
    }
    expect(await lookupOf("rebind.example.test", true)).toBe("127.0.0.1");
    await expect(lookupOf("metadata.example.test", true)).rejects.toBeInstanceOf(RefusedAddressError);
  });

  it("checks what the system resolver answers for localhost. (the root-dot spelling)", async () => {
    const lookup = publicOnlyLookup({ allowLoopback: false });
    await expect(
      new Promise((ok, fail) => lookup("localhost.", {}, (e, a) => (e ? fail(e) : ok(a)))),
    ).rejects.toThrow();
  });
});
