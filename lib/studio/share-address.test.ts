import { afterEach, describe, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { sealShareToken, unsealShareToken } from "./share-address";

// A link's address is kept sealed for its maker: the registry never holds the token in clear,
// and a seal made under another secret (or none at all, for links made before) gives nothing.

const TOKEN = "k3Jx9-Qw_2LmN8pR4tV6yZ0aBcDeFgHiJkLmNoPqRsT";

describe("a share link's kept address", () => {
  let env: ReturnType<typeof useTestEnv> | undefined;
  afterEach(() => env?.cleanup());

  it("seals the token so the text does not show it, and unseals it under the same secret", async () => {
    env = useTestEnv();
    const sealed = await sealShareToken(TOKEN);
    expect(sealed).not.toContain(TOKEN);
    expect(await unsealShareToken(sealed)).toBe(TOKEN);
  });

  it("gives nothing for a link made before addresses were kept, or sealed under another secret", async () => {
    env = useTestEnv();
    const sealed = await sealShareToken(TOKEN);
    expect(await unsealShareToken(null)).toBeNull();
    env.cleanup();
    env = useTestEnv({ SESSION_SECRET: "another-secret-another-secret-another-0" });
    expect(await unsealShareToken(sealed)).toBeNull();
  });

  it("uses a key of its own: a session cookie is no sealed address", async () => {
    env = useTestEnv();
    // Any iron seal under the session secret itself, as a cookie would be.
    const cookieLike = await import("iron-session").then(({ sealData }) =>
      sealData({ token: TOKEN }, { password: process.env.SESSION_SECRET!, ttl: 0 }),
    );
    expect(await unsealShareToken(cookieLike)).toBeNull();
  });
});
