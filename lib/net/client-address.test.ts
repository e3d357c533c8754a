import { afterEach, describe, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { clientAddress } from "./client-address";
import { PEER_ADDRESS_HEADER } from "./peer-address";

const request = (headers: Record<string, string>) => new Request("http://app.local/api/session", { headers });

describe("client address", () => {
  let env: ReturnType<typeof useTestEnv> | undefined;
  afterEach(() => env?.cleanup());

  it("without TRUST_PROXY: the connection's address, whatever X-Forwarded-For claims", () => {
    env = useTestEnv();
    expect(
      clientAddress(request({ [PEER_ADDRESS_HEADER]: "::ffff:192.0.2.7", "x-forwarded-for": "203.0.113.1" })),
    ).toBe("192.0.2.7");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.1" }))).toBeNull();
  });

  it("with TRUST_PROXY=N: the N-th entry from the right, the last one no client could write", () => {
    env = useTestEnv({ TRUST_PROXY: "1" });
    const chain = { [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "203.0.113.1, 198.51.100.9" };
    expect(clientAddress(request(chain))).toBe("198.51.100.9");
    env.cleanup();
    env = useTestEnv({ TRUST_PROXY: "2" });
    expect(clientAddress(request(chain))).toBe("203.0.113.1");
    // No header at all: the proxy was bypassed; the connection's address it is.
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }))).toBe("10.0.0.2");
  });
});
