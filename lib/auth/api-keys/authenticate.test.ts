import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import { isAppError } from "@/lib/errors";
import { authenticateApiKey } from "./authenticate";
import { createApiKey, listApiKeys, revokeApiKey } from "./store";

const t = testDatabase();

async function user(id: string, role: string) {
  await t.db.query(`INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, $3, 'x')`, [
    id,
    `${id}@keys.test`,
    role,
  ]);
  return { id, role: role as "admin" | "editor" | "reviewer" };
}

async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string; retryAfter?: number }> {
  try {
    await run;
  } catch (error) {
    if (isAppError(error)) return { status: error.status, message: error.message, retryAfter: error.retryAfter };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("API keys", () => {
  it("keep only a hash of the secret, and act as the owner at the key's role", async () => {
    const editor = await user("u-editor", "editor");
    const { key, secret } = await createApiKey(editor, { name: "PIM", role: "reviewer", expires_in_days: 30 });
    expect(secret).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.query<{ secret_hash: string; hint: string }>(
      "SELECT secret_hash, hint FROM api_keys WHERE id = $1",
      [key.id],
    );
    expect(row.secret_hash).not.toContain(secret.slice(4));
    expect(row.hint).toBe(`${secret.slice(0, 8)}…`);
    const acting = await authenticateApiKey(secret, 100);
    expect(acting).toEqual({
      id: editor.id,
      email: "u-editor@keys.test",
      role: "reviewer",
      api_key: { id: key.id, name: "PIM" },
    });
    const [listed] = await listApiKeys(editor.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it("refuse a role above the owner's, and follow the owner's role down", async () => {
    const editor = await user("u-demoted", "editor");
    expect((await refusal(createApiKey(editor, { name: "Too much", role: "admin", expires_in_days: 7 }))).status).toBe(
      403,
    );
    const { secret } = await createApiKey(editor, { name: "Writer", role: "editor", expires_in_days: 7 });
    await t.db.query("UPDATE users SET role = 'reviewer' WHERE id = $1", [editor.id]);
    expect((await authenticateApiKey(secret, 100)).role).toBe("reviewer");
  });

  it("refuse an expired, a revoked and an unknown key, and a turned-off owner's, in words", async () => {
    const owner = await user("u-owner", "editor");
    const expired = await createApiKey(owner, { name: "Old", role: "editor", expires_in_days: 1 });
    await t.db.query("UPDATE api_keys SET expires_at = '2026-01-02T10:00:00Z' WHERE id = $1", [expired.key.id]);
    expect(await refusal(authenticateApiKey(expired.secret, 100))).toMatchObject({
      status: 401,
      message: "The API key “Old” expired on 2 Jan 2026, 10:00 UTC. Create a new one under Account → API keys.",
    });
    const revoked = await createApiKey(owner, { name: "Gone", role: "editor", expires_in_days: 7 });
    await revokeApiKey(revoked.key.id);
    expect(await refusal(authenticateApiKey(revoked.secret, 100))).toMatchObject({
      status: 401,
      message: expect.stringMatching(/“Gone” was revoked/),
    });
    expect((await listApiKeys(owner.id)).map((k) => k.name)).toEqual(["Old"]);
    const unknown = `psk_${"A".repeat(43)}`;
    expect(await refusal(authenticateApiKey(unknown, 100))).toMatchObject({
      status: 401,
      message: expect.stringMatching(/not known/),
    });
    const live = await createApiKey(owner, { name: "Live", role: "editor", expires_in_days: 7 });
    await t.db.query("UPDATE users SET disabled_at = now() WHERE id = $1", [owner.id]);
    expect(await refusal(authenticateApiKey(live.secret, 100))).toMatchObject({
      status: 401,
      message: expect.stringMatching(/turned off/),
    });
  });

  it("answer 429 with Retry-After past the key's requests per minute, counted per key", async () => {
    const owner = await user("u-busy", "editor");
    const busy = await createApiKey(owner, { name: "Busy", role: "editor", expires_in_days: 7 });
    const other = await createApiKey(owner, { name: "Other", role: "editor", expires_in_days: 7 });
    for (let i = 0; i < 3; i++) await authenticateApiKey(busy.secret, 3);
    const limited = await refusal(authenticateApiKey(busy.secret, 3));
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.retryAfter).toBeLessThanOrEqual(60);
    expect((await authenticateApiKey(other.secret, 3)).api_key?.name).toBe("Other");
    // A window that began over a minute ago starts again.
    await t.db.query("UPDATE api_keys SET window_started_at = now() - interval '61 seconds' WHERE id = $1", [
      busy.key.id,
    ]);
    expect((await authenticateApiKey(busy.secret, 3)).api_key?.name).toBe("Busy");
  });
});
