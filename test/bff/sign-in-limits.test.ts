import { beforeAll, describe, expect, it } from "vitest";
import { api, signIn } from "./client";

// Sign-in limits through the built app, and sign-out ending only a current session. The limit per
// client address (looser, 30) is shown in test/multi/two-instances.test.ts, whose app instances
// are its own: here every test file signs in from 127.0.0.1.

let admin: string;
beforeAll(async () => {
  admin = await signIn();
});

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@bff.test`;

async function person(password: string): Promise<string> {
  const email = unique("limited");
  const created = await api("/api/users", { cookie: admin, json: { email, role: "editor", password } });
  if (created.status !== 201) throw new Error(`creating ${email}: ${created.status}`);
  return email;
}

describe("sign-in limits", () => {
  it("after 5 wrong passwords the 6th attempt is 429 with Retry-After, even with the right password", async () => {
    const email = await person("right-lantern-pass-1");
    for (let i = 0; i < 5; i++) {
      const wrong = await api("/api/session", { json: { email, password: `wrong-guess-${i}` } });
      expect(wrong.status, `failure ${i + 1}`).toBe(401);
    }
    const locked = await api("/api/session", { json: { email, password: "right-lantern-pass-1" } });
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(240);
    expect(wait).toBeLessThanOrEqual(300);
    expect(await locked.json()).toEqual({ error: "Too Many Requests", message: "Too many attempts. Try again in 5 minutes." });
    // The same address may still sign in to other accounts.
    const other = await person("other-lantern-pass-2");
    expect((await api("/api/session", { json: { email: other, password: "other-lantern-pass-2" } })).status).toBe(200);
    // The typed email is normalised: the lock holds for any spelling of it.
    expect((await api("/api/session", { json: { email: email.toUpperCase(), password: "x" } })).status).toBe(429);
  });

  it("4 failures then the right password signs in and forgets them", async () => {
    const email = await person("steady-lantern-pass-3");
    for (let i = 0; i < 4; i++) await api("/api/session", { json: { email, password: `wrong-${i}` } });
    expect((await api("/api/session", { json: { email, password: "steady-lantern-pass-3" } })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await api("/api/session", { json: { email, password: `wrong-again-${i}` } })).status).toBe(401);
    }
    expect((await api("/api/session", { json: { email, password: "steady-lantern-pass-3" } })).status).toBe(200);
  });
});

describe("sign-out", () => {
  it("replaying an old, signed-out cookie does not end the session begun after it", async () => {
    const email = await person("replay-lantern-pass-4");
    const a = await signIn(email, "replay-lantern-pass-4");
    expect((await api("/api/session", { method: "DELETE", cookie: a })).status).toBe(204);
    const b = await signIn(email, "replay-lantern-pass-4");
    expect((await api("/api/session", { method: "DELETE", cookie: a })).status).toBe(204);
    expect((await api("/api/session", { cookie: b })).status).toBe(200);
    expect((await api("/api/session", { cookie: a })).status).toBe(401);
  });
});
