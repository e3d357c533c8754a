import { afterAll, describe, expect, it } from "vitest";
import { api, bff, seen, signIn } from "./client";

const PROTECTED: [string, string][] = [
  ["GET", "/api/session"],
  ["GET", "/api/templates"],
  ["GET", "/api/templates/1"],
  ["GET", "/api/products"],
  ["POST", "/api/products"],
  ["GET", "/api/products/1"],
  ["POST", "/api/products/1/lora"],
  ["GET", "/api/predictions"],
  ["POST", "/api/predictions"],
  ["GET", "/api/predictions/abc"],
  ["GET", "/api/images/download?src=x"],
];

describe("session", () => {
  it("health answers without a session and says the service is up", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up", service: "up" });
  });

  it("signs in with a sealed HttpOnly SameSite=Lax cookie and says who you are", async () => {
    const response = await api("/api/session", { json: { email: bff().admin.email, password: bff().admin.password } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ email: bff().admin.email, role: "admin" });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^ps_session=Fe26\./);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/); // next start runs in production
    // The cookie holds no readable user data.
    expect(cookie).not.toContain(bff().admin.email);
    const me = await api("/api/session", { cookie: cookie.split(";")[0] });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(bff().admin.email);
  });

  it("refuses wrong credentials with 401 in the service's error shape", async () => {
    for (const json of [
      { email: bff().admin.email, password: "wrong-password" },
      { email: "nobody@bff.test", password: "whatever-it-is" },
    ]) {
      const response = await api("/api/session", { json });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Unauthorized", message: expect.stringMatching(/do not match/) });
    }
  });

  it("answers bad sign-in bodies with 400, not 500", async () => {
    const notJson = await api("/api/session", { body: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toBe("Bad Request");
    const noEmail = await api("/api/session", { json: { password: "x" } });
    expect(noEmail.status).toBe(400);
  });

  it("requires a session on every route but health and sign-in", async () => {
    for (const [method, path] of PROTECTED) {
      const response = await api(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: "Unauthorized", message: expect.any(String) });
    }
  });

  it("refuses a tampered cookie", async () => {
    const cookie = await signIn();
    const response = await api("/api/session", { cookie: cookie.slice(0, -4) + "AAAA" });
    expect(response.status).toBe(401);
  });

  it("signs out with 204; the old cookie is no longer accepted", async () => {
    const cookie = await signIn();
    const out = await api("/api/session", { method: "DELETE", cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/ps_session=;.*Max-Age=0/);
    const replay = await api("/api/products", { cookie });
    expect(replay.status).toBe(401);
  });

  it("refuses cross-site writes with 403 and changes nothing", async () => {
    const cookie = await signIn();
    const evil = await api("/api/predictions", {
      cookie,
      json: { product_id: "1", prompt: "x", aspect_ratio: "1:1" },
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error).toBe("Forbidden");
    const fetchSite = await api("/api/products/1/lora", {
      method: "POST",
      cookie,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    const signOut = await api("/api/session", {
      method: "DELETE",
      cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(signOut.status).toBe(403);
    expect((await api("/api/session", { cookie })).status).toBe(200);
  });

  afterAll(() => {
    const token = bff().token;
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((text) => text.includes(token))).toEqual([]);
  });
});
