// Without OIDC_ISSUER nothing of the company sign-in shows: no button, its routes answer 404 in
// the one error shape, and the password switch cannot be turned on. (With a provider: the
// journeys in e2e/company-sign-in.spec.ts and lib/auth/oidc/sign-in.test.ts.)
import { beforeAll, describe, expect, it } from "vitest";
import { api, bff, signIn } from "./client";

let admin: string;
beforeAll(async () => {
  admin = await signIn();
});

describe("company sign-in, not set up", () => {
  it("shows no button on the sign-in page", async () => {
    const page = await (await fetch(`${bff().appUrl}/sign-in`)).text();
    expect(page).toContain("Sign in to Product Studio");
    expect(page).not.toContain("/api/session/sso");
  });

  it("answers its routes 404 { error, message }, setting no cookie", async () => {
    for (const path of [
      "/api/session/sso?next=%2Fgallery",
      "/api/session/sso/callback?code=x&state=y",
      "/api/session/sso/callback?error=access_denied",
    ]) {
      const response = await api(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("set-cookie"), path).toBeNull();
      expect(await response.json(), path).toEqual({
        error: "Not Found",
        message: "Company sign-in is not set up here. Sign in with your email and password.",
      });
    }
  });

  it("keeps password sign-in open to everyone: the switch cannot be turned on", async () => {
    const users = (await (await api("/api/users", { cookie: admin })).json()) as { id: string; role: string }[];
    const response = await api("/api/settings/password-sign-in", {
      method: "PUT",
      cookie: admin,
      json: { mode: "break_glass", admin_id: users.find((u) => u.role === "admin")!.id },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(
      "Set up the company sign-in first: without it, passwords are the only way in.",
    );
    expect(await (await api("/api/settings/password-sign-in", { cookie: admin })).json()).toEqual({ mode: "everyone" });
  });

  it("refuses a switch it cannot read with 400 words, and a caller without a session with 401", async () => {
    const bad = await api("/api/settings/password-sign-in", { method: "PUT", cookie: admin, json: { mode: "nobody" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Bad Request" });
    const none = await api("/api/settings/password-sign-in", { method: "PUT", json: { mode: "everyone" } });
    expect(none.status).toBe(401);
  });
});
