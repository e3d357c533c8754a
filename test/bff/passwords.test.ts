import { beforeAll, describe, expect, it } from "vitest";
import { api, signIn } from "./client";

// Changing one's password, an admin's reset, and the forced change of a generated password.

let admin: string;
beforeAll(async () => {
  admin = await signIn();
});

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@bff.test`;
const cookieOf = (response: Response) => (response.headers.get("set-cookie") ?? "").split(";")[0];

async function invite(role = "editor"): Promise<{ id: string; email: string; password: string }> {
  const email = unique("invited");
  const created = await api("/api/users", { cookie: admin, json: { email, role } });
  const { user, password } = await created.json();
  return { id: user.id, email, password };
}

describe("passwords", () => {
  it("a generated password: every route but the session and the change answers 403 until it is changed", async () => {
    const { email, password } = await invite();
    const cookie = await signIn(email, password);
    for (const path of ["/api/products", "/api/templates", "/api/predictions", "/api/reviews/summary", "/api/shares"]) {
      const refused = await api(path, { cookie });
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toEqual({
        error: "password_change_required",
        message: "Choose a new password first: the one you signed in with was temporary.",
      });
    }
    expect((await api("/api/session", { cookie })).status).toBe(200);
    const changed = await api("/api/account/password", {
      method: "PUT",
      cookie,
      json: { current_password: password, new_password: "amber-kettle-window-4" },
    });
    expect(changed.status).toBe(200);
    expect((await changed.json()).user).toMatchObject({ email, password_change_required: false });
    // The answer carries a fresh cookie for this browser; the one signed in with is over.
    const fresh = cookieOf(changed);
    expect((await api("/api/products", { cookie: fresh })).status).toBe(200);
    expect((await api("/api/products", { cookie })).status).toBe(401);
    // A page goes to the change form while the change is required.
    const other = await invite("reviewer");
    const page = await api("/gallery", { cookie: await signIn(other.email, other.password) });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(/\/account\/password\?next=%2Fgallery$/);
  });

  it("changing one's password ends the other sessions and keeps this one", async () => {
    const email = unique("changer");
    await api("/api/users", { cookie: admin, json: { email, role: "editor", password: "first-choice-lamp-1" } });
    const laptop = await signIn(email, "first-choice-lamp-1");
    const phone = await signIn(email, "first-choice-lamp-1");
    const wrong = await api("/api/account/password", {
      method: "PUT",
      cookie: laptop,
      json: { current_password: "not-my-password", new_password: "second-choice-lamp-2" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Bad Request", message: "Your current password is not right." });
    const changed = await api("/api/account/password", {
      method: "PUT",
      cookie: laptop,
      json: { current_password: "first-choice-lamp-1", new_password: "second-choice-lamp-2" },
    });
    expect(changed.status).toBe(200);
    expect((await api("/api/session", { cookie: cookieOf(changed) })).status).toBe(200);
    expect((await api("/api/session", { cookie: phone })).status).toBe(401);
    expect((await api("/api/session", { json: { email, password: "first-choice-lamp-1" } })).status).toBe(401);
    expect((await api("/api/session", { json: { email, password: "second-choice-lamp-2" } })).status).toBe(200);
  });

  it("refuses a short or common new password in words, and changes nothing", async () => {
    const email = unique("weak");
    await api("/api/users", { cookie: admin, json: { email, role: "editor", password: "steady-copper-owl-8" } });
    const cookie = await signIn(email, "steady-copper-owl-8");
    const attempts: [string, string][] = [
      ["elevenchars", "Use at least 12 characters."],
      [
        "password1234",
        "That password is too common or too easy to guess. Try a few unrelated words, or a longer phrase.",
      ],
    ];
    for (const [newPassword, message] of attempts) {
      const refused = await api("/api/account/password", {
        method: "PUT",
        cookie,
        json: { current_password: "steady-copper-owl-8", new_password: newPassword },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "Bad Request", message });
    }
    // Twelve characters is enough.
    const twelve = await api("/api/account/password", {
      method: "PUT",
      cookie,
      json: { current_password: "steady-copper-owl-8", new_password: "kq7-vbn-rtzw" },
    });
    expect(twelve.status).toBe(200);
    const common = await api("/api/users", {
      cookie: admin,
      json: { email: unique("x"), role: "editor", password: "qwertyuiop123" },
    });
    expect(common.status).toBe(400);
  });

  it("the change right after signing in with a one-time password needs the new password alone; a later one the current", async () => {
    const { email, password } = await invite();
    const cookie = await signIn(email, password);
    const same = await api("/api/account/password", { method: "PUT", cookie, json: { new_password: password } });
    expect(same.status).toBe(400);
    expect((await same.json()).message).toBe("The new password must differ from the one-time password.");
    const chosen = await api("/api/account/password", {
      method: "PUT",
      cookie,
      json: { new_password: "velvet-harbour-signal-6" },
    });
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).user).toMatchObject({ email, password_change_required: false });
    // The fresh cookie, and a later sign-in, are ordinary sessions: the current password is asked.
    for (const later of [cookieOf(chosen), await signIn(email, "velvet-harbour-signal-6")]) {
      const unasked = await api("/api/account/password", {
        method: "PUT",
        cookie: later,
        json: { new_password: "second-harbour-signal-7" },
      });
      expect(unasked.status).toBe(400);
      expect(await unasked.json()).toEqual({ error: "Bad Request", message: "Enter your current password." });
    }
  });

  it("an admin resets a password to a one-time one: sessions end, the old password stops, a change is required", async () => {
    const email = unique("forgetful");
    const { user } = await (
      await api("/api/users", { cookie: admin, json: { email, role: "editor", password: "forgotten-lamp-9" } })
    ).json();
    const session = await signIn(email, "forgotten-lamp-9");
    const reset = await api(`/api/users/${user.id}/password`, { method: "POST", cookie: admin });
    expect(reset.status).toBe(200);
    const body = await reset.json();
    expect(body.password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(body.user).toMatchObject({ id: user.id, password_change_required: true });
    expect((await api("/api/session", { cookie: session })).status).toBe(401);
    expect((await api("/api/session", { json: { email, password: "forgotten-lamp-9" } })).status).toBe(401);
    const fresh = await signIn(email, body.password);
    expect((await api("/api/products", { cookie: fresh })).status).toBe(403);
    // Not for one's own account, nor for an unknown one.
    const me = (await (await api("/api/session", { cookie: admin })).json()).user;
    expect((await api(`/api/users/${me.id}/password`, { method: "POST", cookie: admin })).status).toBe(409);
    expect((await api("/api/users/nobody/password", { method: "POST", cookie: admin })).status).toBe(404);
  });
});
