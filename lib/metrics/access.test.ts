import { describe, expect, it } from "vitest";
import { parseAddressList } from "@/lib/net/address-list";
import { metricsAccess } from "./access";

const TOKEN = "metrics-token-of-the-test-0123456789";

describe("who may read the metrics", () => {
  it("nobody when neither a token nor addresses are configured: the route is not there", () => {
    expect(metricsAccess(`Bearer ${TOKEN}`, "127.0.0.1", { allow: [] })).toBe("not_configured");
  });

  it("the bearer of the configured token", () => {
    const config = { token: TOKEN, allow: [] };
    expect(metricsAccess(`Bearer ${TOKEN}`, "203.0.113.9", config)).toBe("allowed");
    expect(metricsAccess(`bearer  ${TOKEN} `, null, config)).toBe("allowed");
  });

  it("not the bearer of another token, of a prefix of it, or of none", () => {
    const config = { token: TOKEN, allow: [] };
    expect(metricsAccess("Bearer wrong-token", "127.0.0.1", config)).toBe("unauthorized");
    expect(metricsAccess(`Bearer ${TOKEN.slice(0, -1)}`, null, config)).toBe("unauthorized");
    expect(metricsAccess(`Basic ${TOKEN}`, null, config)).toBe("unauthorized");
    expect(metricsAccess(null, null, config)).toBe("unauthorized");
  });

  it("an allowed address without the token; any other address is forbidden", () => {
    const config = { allow: parseAddressList("10.0.0.0/8") };
    expect(metricsAccess(null, "10.1.2.3", config)).toBe("allowed");
    expect(metricsAccess(null, "::ffff:10.1.2.3", config)).toBe("allowed");
    expect(metricsAccess("Bearer anything", "192.168.1.1", config)).toBe("forbidden");
  });

  it("either one when both are configured", () => {
    const config = { token: TOKEN, allow: parseAddressList("127.0.0.1") };
    expect(metricsAccess(null, "127.0.0.1", config)).toBe("allowed");
    expect(metricsAccess(`Bearer ${TOKEN}`, "198.51.100.1", config)).toBe("allowed");
    expect(metricsAccess(null, "198.51.100.1", config)).toBe("unauthorized");
  });
});
