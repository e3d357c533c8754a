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
    expect(await locked.json()).toEqual({
      error: "Too Many Requests",
      message: "Too many attempts. Try again in 5 minutes.",
    });
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

/** The cookies a sign-in answer sets, as a Cookie header (session and device). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const deviceOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("ps_device=")) ?? "";

describe("sign-in limits and the person's own device", () => {
  it("a browser that signed in before still signs in while failures from elsewhere lock the account", async () => {
    const email = await person("own-browser-pass-5");
    const first = await api("/api/session", { json: { email, password: "own-browser-pass-5" } });
    expect(first.status).toBe(200);
    const device = deviceOf(first);
    expect(device).toMatch(/^ps_device=.+/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("ps_device="))).toMatch(/HttpOnly/i);
    // Someone who knows the email guesses from elsewhere (no device cookie): the account locks for them.
    for (let i = 0; i < 5; i++)
      expect((await api("/api/session", { json: { email, password: `attacker-${i}` } })).status).toBe(401);
    expect((await api("/api/session", { json: { email, password: "own-browser-pass-5" } })).status).toBe(429);
    // The person's own browser is not locked out.
    const own = await api("/api/session", { json: { email, password: "own-browser-pass-5" }, cookie: device });
    expect(own.status).toBe(200);
    expect(cookiesOf(own)).toMatch(/ps_session=/);
    // A forged or altered device cookie is no device of theirs.
    const forged = `${device.slice(0, -4)}AAAA`;
    expect(
      (await api("/api/session", { json: { email, password: "own-browser-pass-5" }, cookie: forged })).status,
    ).toBe(429);
    // Another person's device cookie does not open this account either.
    const other = await person("other-browser-pass-6");
    const theirs = deviceOf(await api("/api/session", { json: { email: other, password: "other-browser-pass-6" } }));
    expect(
      (await api("/api/session", { json: { email, password: "own-browser-pass-5" }, cookie: theirs })).status,
    ).toBe(429);
  });

  it("a device's own wrong passwords lock that device after 5, not the others", async () => {
    const email = await person("device-typo-pass-7");
    const device = deviceOf(await api("/api/session", { json: { email, password: "device-typo-pass-7" } }));
    for (let i = 0; i < 5; i++) {
      expect((await api("/api/session", { json: { email, password: `typo-${i}` }, cookie: device })).status).toBe(401);
    }
    const locked = await api("/api/session", { json: { email, password: "device-typo-pass-7" }, cookie: device });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Failures with a device cookie do not count against the account for everyone else.
    expect((await api("/api/session", { json: { email, password: "device-typo-pass-7" } })).status).toBe(200);
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
