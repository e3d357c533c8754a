// The role matrix: every role × every route of app/api, read from the folder so a new route cannot
// be forgotten (the test fails until it is given a rule below).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api, control, serviceCalls } from "./client";
import { ownKey, withKey } from "./keys";
import { cookiesForEveryRole, type RoleCookies } from "./users";

type Action = "public" | "operator" | "view" | "review" | "download" | "create" | "manage_users";

// What each route needs: "public" routes need no session at all; "operator" routes need the
// operator's token (METRICS_TOKEN), which no session of any role stands in for.
const RULES: Record<string, Action> = {
  "GET /api/health": "public",
  "GET /api/metrics": "operator",
  "GET /api/ready": "public",
  "POST /api/session": "public",
  "GET /api/session": "view",
  "DELETE /api/session": "public",
  // The company sign-in: the button and the provider's way back (404 where it is not set up).
  "GET /api/session/sso": "public",
  "GET /api/session/sso/callback": "public",
  "GET /api/templates": "view",
  "GET /api/templates/[id]": "view",
  "GET /api/products": "view",
  "POST /api/products": "create",
  "GET /api/products/[id]": "view",
  "PATCH /api/products/[id]": "create",
  "POST /api/products/[id]/versions": "create",
  "GET /api/products/[id]/preview": "view",
  "GET /api/products/[id]/textures/[key]": "view",
  "POST /api/products/[id]/lora": "create",
  "GET /api/products/[id]/texture-advice": "view",
  "POST /api/textures/check": "create",
  "GET /api/predictions": "view",
  "POST /api/predictions": "create",
  "GET /api/predictions/[id]": "view",
  "POST /api/predictions/batch": "create",
  "POST /api/predictions/refresh": "view",
  "GET /api/predictions/[id]/reviews": "view",
  "POST /api/predictions/[id]/reviews": "review",
  "POST /api/predictions/[id]/reviews/undo": "review",
  "GET /api/reviews/queue": "view",
  "GET /api/reviews/summary": "view",
  "GET /api/images/download": "download",
  "GET /api/images/thumb": "view",
  "POST /api/predictions/zip": "download",
  "GET /api/campaigns/[id]/zip": "download",
  "GET /api/campaigns": "view",
  "POST /api/campaigns": "create",
  "POST /api/campaigns/estimate": "create",
  "GET /api/campaigns/[id]": "view",
  "POST /api/campaigns/[id]/[action]": "create",
  "GET /api/products/ids": "view",
  "GET /api/users": "manage_users",
  "POST /api/users": "manage_users",
  "PATCH /api/users/[id]": "manage_users",
  "DELETE /api/users/[id]": "manage_users",
  "POST /api/users/[id]/password": "manage_users",
  "PUT /api/account/password": "view",
  "GET /api/shares": "view",
  "GET /api/shares/preview": "download",
  "GET /api/audit": "manage_users",
  "POST /api/shares": "download",
  "DELETE /api/shares/[id]": "download",
  "PATCH /api/shares/[id]": "download",
  "POST /api/share/[token]/sign-off": "public",
  "GET /api/share/[token]": "public",
  "GET /api/share/[token]/image": "public",
  "GET /api/share/[token]/download": "public",
  "GET /api/prompts/history": "view",
  "GET /api/prompts/presets": "view",
  "POST /api/prompts/presets": "create",
  "DELETE /api/prompts/presets/[id]": "create",
  "GET /api/notifications": "view",
  "POST /api/notifications/read": "view",
  "GET /api/settings/notifications": "view",
  "PUT /api/settings/notifications": "view",
  "GET /api/settings/password-sign-in": "manage_users",
  "PUT /api/settings/password-sign-in": "manage_users",
  "GET /api/webhooks": "manage_users",
  "POST /api/webhooks": "manage_users",
  "PATCH /api/webhooks/[id]": "manage_users",
  "DELETE /api/webhooks/[id]": "manage_users",
  // One's own API keys; a service account's, for admins.
  "GET /api/keys": "view",
  "POST /api/keys": "view",
  "DELETE /api/keys/[id]": "view",
  "GET /api/service-accounts": "manage_users",
  "POST /api/service-accounts": "manage_users",
  "GET /api/service-accounts/[id]/keys": "manage_users",
  "POST /api/service-accounts/[id]/keys": "manage_users",
};

// Routes an API key is refused whatever its role: a key must not make keys or a password.
const SESSION_ONLY = new Set([
  "GET /api/keys",
  "POST /api/keys",
  "DELETE /api/keys/[id]",
  "POST /api/service-accounts",
  "GET /api/service-accounts/[id]/keys",
  "POST /api/service-accounts/[id]/keys",
  "PUT /api/account/password",
]);

// Mirrors lib/auth/roles.ts on purpose: the test states the policy, it does not import it.
const ALLOWED: Record<keyof RoleCookies, Action[]> = {
  admin: ["view", "review", "download", "create", "manage_users"],
  editor: ["view", "review", "download", "create"],
  reviewer: ["view", "review", "download"],
};

const API_DIR = path.resolve(__dirname, "..", "..", "app", "api");

/** "METHOD /api/..." for every exported handler of every app/api/**\/route.ts. */
function discoverRoutes(): string[] {
  const files = (readdirSync(API_DIR, { recursive: true }) as string[]).filter((f) => /(^|[\\/])route\.tsx?$/.test(f));
  return files.flatMap((file) => {
    const dir = path.dirname(file).split(path.sep).filter((s) => s !== ".");
    const routePath = `/api${dir.length ? `/${dir.join("/")}` : ""}`;
    const source = readFileSync(path.join(API_DIR, file), "utf8");
    const methods = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    return methods.map((method) => `${method} ${routePath}`);
  });
}

const ROUTES = discoverRoutes();
// A route without a rule fails the first test; the others check the routes that have one.
const RULED = ROUTES.filter((r) => r in RULES);
// Dynamic segments get an id nobody has: allowed calls end in 400/404, never in a credit spent.
const concrete = (route: string) => route.replace(/\[[^\]]+\]/g, "matrix-missing");

function call(route: string, cookie?: string) {
  const [method, routePath] = route.split(" ");
  return api(concrete(routePath), { method, cookie, json: method === "GET" || method === "DELETE" ? undefined : {} });
}

function callWithKey(route: string, key: string) {
  const [method, routePath] = route.split(" ");
  return withKey(key, concrete(routePath), { method, json: method === "GET" || method === "DELETE" ? undefined : {} });
}

let who: RoleCookies;
let keys: RoleCookies;
beforeAll(async () => {
  who = await cookiesForEveryRole("matrix");
  keys = {
    admin: await ownKey(who.admin, "Matrix", "admin"),
    editor: await ownKey(who.editor, "Matrix", "editor"),
    reviewer: await ownKey(who.reviewer, "Matrix", "reviewer"),
  };
}, 30_000);

describe("role matrix", () => {
  it("finds the routes and has a rule for each", () => {
    expect(ROUTES.length).toBeGreaterThan(15);
    expect(ROUTES.filter((r) => !(r in RULES)), "routes without a rule in roles.test.ts").toEqual([]);
  });

  it("public routes answer without a session and never 403", async () => {
    for (const route of RULED.filter((r) => RULES[r] === "public")) {
      const response = await call(route);
      expect([401, 403], route).not.toContain(response.status);
    }
  });

  it("every other route answers 401 without a session", async () => {
    for (const route of RULED.filter((r) => RULES[r] !== "public")) {
      const response = await call(route);
      expect(response.status, route).toBe(401);
    }
  });

  for (const role of ["admin", "editor", "reviewer"] as const) {
    it(`${role}: allowed routes pass the role check, the others answer 403 { error, message }`, async () => {
      await control("/calls", { method: "DELETE" });
      for (const route of RULED.filter((r) => RULES[r] !== "public")) {
        const response = await call(route, who[role]);
        if (RULES[route] === "operator") {
          expect(response.status, `${role} ${route}`).toBe(401);
        } else if (ALLOWED[role].includes(RULES[route])) {
          expect(response.status, `${role} ${route}`).not.toBe(403);
          expect(response.status, `${role} ${route}`).not.toBe(401);
        } else {
          expect(response.status, `${role} ${route}`).toBe(403);
          expect(await response.json(), `${role} ${route}`).toEqual({
            error: "Forbidden",
            message: `Your role (${role}) does not allow this.`,
          });
        }
      }
      if (role === "reviewer") {
        // Not one credit: the service saw no POST at all from the reviewer's attempts.
        const posts = Object.keys(await serviceCalls()).filter((k) => k.startsWith("POST"));
        expect(posts).toEqual([]);
      }
    });
  }

  for (const role of ["admin", "editor", "reviewer"] as const) {
    it(`${role}'s API key: the same rule on every route, but the keys and passwords routes refuse any key`, async () => {
      for (const route of RULED.filter((r) => RULES[r] !== "public" && RULES[r] !== "operator")) {
        const response = await callWithKey(route, keys[role]);
        const body = await response.json().catch(() => null);
        if (SESSION_ONLY.has(route)) {
          expect(response.status, `${role} key ${route}`).toBe(403);
          expect(body, `${role} key ${route}`).toEqual({ error: "Forbidden", message: "API keys cannot do this: sign in to Product Studio and do it there." });
        } else if (ALLOWED[role].includes(RULES[route])) {
          expect([401, 403], `${role} key ${route}: ${JSON.stringify(body)}`).not.toContain(response.status);
        } else {
          expect(response.status, `${role} key ${route}`).toBe(403);
          expect(body, `${role} key ${route}`).toEqual({ error: "Forbidden", message: `Your role (${role}) does not allow this.` });
        }
      }
    });
  }

  it("a reviewer's real attempt to spend credits (valid body) is refused before the service", async () => {
    await control("/calls", { method: "DELETE" });
    const attempts = [
      api("/api/predictions", { cookie: who.reviewer, json: { product_id: "1", prompt: "x", aspect_ratio: "1:1" } }),
      api("/api/predictions/batch", { cookie: who.reviewer, json: { product_id: "1", prompt: "x", aspect_ratios: ["1:1", "16:9"] } }),
      api("/api/products/1/lora", { method: "POST", cookie: who.reviewer }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(Object.keys(await serviceCalls()).filter((k) => k.startsWith("POST"))).toEqual([]);
  });
});
