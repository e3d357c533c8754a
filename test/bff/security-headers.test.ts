// Security headers on pages, API answers and share pages; redirects that stay on the site.
import { beforeAll, describe, expect, it } from "vitest";
import { api, bff, signIn } from "./client";

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const STATIC = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

function expectStatic(response: Response, referrer = "strict-origin-when-cross-origin") {
  for (const [name, value] of Object.entries(STATIC)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get("referrer-policy")).toBe(referrer);
  expect(response.headers.get("strict-transport-security")).toBeNull(); // plain http here
}

/** The nonce CSP the proxy gives a page, checked against the nonce in the page's own scripts. */
async function expectPageCsp(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`img-src 'self' data: blob: ${new URL(bff().assetUrl).origin}`);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script, script).toContain(`nonce="${nonce}"`);
}

describe("security headers", () => {
  it("a page gets the static headers and a CSP whose nonce every script of the page carries", async () => {
    const page = await api("/gallery", { cookie });
    expect(page.status).toBe(200);
    expectStatic(page);
    await expectPageCsp(page);
    const again = await api("/gallery", { cookie });
    expect(again.headers.get("content-security-policy")).not.toBe(page.headers.get("content-security-policy"));
  });

  it("the sign-in page too, without a session", async () => {
    const page = await api("/sign-in");
    expect(page.status).toBe(200);
    expectStatic(page);
    await expectPageCsp(page);
  });

  it("/shares goes through the proxy (only /share/… is left out of the sign-in redirect)", async () => {
    const signedOut = await api("/shares");
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get("location")).toBe("/sign-in?next=%2Fshares");
    const page = await api("/shares", { cookie });
    expect(page.status).toBe(200);
    await expectPageCsp(page);
  });

  it("a share page gets the CSP and sends no referrer", async () => {
    const page = await api(`/share/${"A".repeat(43)}`);
    expect(page.headers.get("location")).toBeNull();
    expectStatic(page, "no-referrer");
    await expectPageCsp(page);
  });

  it("a page path that ends like a file name gets the page CSP too (signed in or not)", async () => {
    for (const path of ["/products/prd_x.png", "/gallery.json", "/share/abc.html", "/predictions/p.v1"]) {
      const signedIn = await api(path, { cookie });
      expect(signedIn.headers.get("content-security-policy") ?? "", path).toMatch(/'nonce-[^']+'/);
      expectStatic(signedIn, path.startsWith("/share/") ? "no-referrer" : undefined);
      await signedIn.text();
    }
    // Signed out, such a path goes to sign-in like any other page.
    const signedOut = await api("/products/prd_x.png");
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get("location")).toBe("/sign-in?next=%2Fproducts%2Fprd_x.png");
  });

  it("the app's static files still load: Next's chunks, the icon, the font", async () => {
    const page = await (await api("/sign-in")).text();
    const files = [...page.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files.slice(0, 5)) expect((await api(file)).status, file).toBe(200);
    const icon = /<link rel="icon" href="([^"]+)"/.exec(page)?.[1] ?? "/icon.svg";
    const answer = await api(icon);
    expect(answer.status, icon).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });

  it("API answers get the static headers and a CSP that allows nothing", async () => {
    for (const response of [
      await api("/api/health"),
      await api("/api/products"),
      await api("/api/session", { cookie }),
    ]) {
      expectStatic(response);
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expectStatic(await api(`/api/share/${"A".repeat(43)}`), "no-referrer");
  });

  it("HSTS only when the request came over https", async () => {
    const page = await api("/sign-in", { headers: { "x-forwarded-proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const apiAnswer = await api("/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(apiAnswer.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("redirects after sign-in stay on the site", () => {
  it.each(["/%09/evil.example", "//evil.example", "/%5Cevil.example", "https:evil.example", "/%0A/evil.example"])(
    "GET /sign-in?next=%s (signed in) goes to a path of this app",
    async (next) => {
      const response = await api(`/sign-in?next=${next}`, { cookie });
      expect(response.status).toBe(307);
      const location = response.headers.get("location") ?? "";
      const target = new URL(location, bff().appUrl);
      expect(target.origin, location).toBe(new URL(bff().appUrl).origin);
      expect(target.pathname).toBe("/");
    },
  );

  it("keeps a path of this app", async () => {
    const response = await api(`/sign-in?next=${encodeURIComponent("/gallery?status=succeeded")}`, { cookie });
    expect(response.headers.get("location")).toBe("/gallery?status=succeeded");
  });
});
