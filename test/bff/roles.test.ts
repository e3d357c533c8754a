// The role matrix: every role × every route of app/api, read from the folder so a new route cannot
// be forgotten (the test fails until it is given a rule in test/support/route-rights.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api, control, serviceCalls } from "./client";
import { ownKey, withKey } from "./keys";
import { cookiesForEveryRole, type RoleCookies } from "./users";
import { ROUTE_RIGHTS as RULES, type RouteRight as Action } from "@/test/support/route-rights";

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

// Mirrors lib/schemas/roles.ts on purpose: the test states the policy, it does not import it.
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
    const dir = path
      .dirname(file)
      .split(path.sep)
      .filter((s) => s !== ".");
    const routePath = `/api${dir.length ? `/${dir.join("/")}` : ""}`;
    const source = readFileSync(path.join(API_DIR, file), "utf8");
    const methods = [
      ...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g),
    ].map((m) => m[1]);
    return methods.map((method) => `${method} ${routePath}`);
  });
}

const ROUTES = discoverRoutes();
// A route without a rule fails the first test; the others check the routes that have one.
const RULED = ROUTES.filter((r) => r in RULES);
// Dynamic segments get an id nobody has: allowed calls end in 400/404, never in a credit spent.
const concrete = (route: string) => route.replace(/\[[^\]]+\]/g, "matrix-missing");

/**
 * A live-update stream (GET /api/events) never ends by itself: once its status is known it is
 * closed, and its body reads as empty (only error answers have a body worth reading).
 */
async function settled(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response;
  await response.body?.cancel();
  return new Response(null, { status: response.status, headers: response.headers });
}

async function call(route: string, cookie?: string) {
  const [method, routePath] = route.split(" ");
  return settled(
    await api(concrete(routePath), { method, cookie, json: method === "GET" || method === "DELETE" ? undefined : {} }),
  );
}

async function callWithKey(route: string, key: string) {
  const [method, routePath] = route.split(" ");
  return settled(
    await withKey(key, concrete(routePath), { method, json: method === "GET" || method === "DELETE" ? undefined : {} }),
  );
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
    expect(
      ROUTES.filter((r) => !(r in RULES)),
      "routes without a rule in roles.test.ts",
    ).toEqual([]);
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
          expect(body, `${role} key ${route}`).toEqual({
            error: "Forbidden",
            message: "API keys cannot do this: sign in to Product Studio and do it there.",
          });
        } else if (ALLOWED[role].includes(RULES[route])) {
          expect([401, 403], `${role} key ${route}: ${JSON.stringify(body)}`).not.toContain(response.status);
        } else {
          expect(response.status, `${role} key ${route}`).toBe(403);
          expect(body, `${role} key ${route}`).toEqual({
            error: "Forbidden",
            message: `Your role (${role}) does not allow this.`,
          });
        }
      }
    });
  }

  it("a reviewer's real attempt to spend credits (valid body) is refused before the service", async () => {
    await control("/calls", { method: "DELETE" });
    const attempts = [
      api("/api/predictions", { cookie: who.reviewer, json: { product_id: "1", prompt: "x", aspect_ratio: "1:1" } }),
      api("/api/predictions/batch", {
        cookie: who.reviewer,
        json: { product_id: "1", prompt: "x", aspect_ratios: ["1:1", "16:9"] },
      }),
      api("/api/products/1/lora", { method: "POST", cookie: who.reviewer }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(Object.keys(await serviceCalls()).filter((k) => k.startsWith("POST"))).toEqual([]);
  });
});
