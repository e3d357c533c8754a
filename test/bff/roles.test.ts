// The role matrix: every role × every route of app/api, read from the folder so a new route cannot
// be forgotten (the test fails until it is given a rule in test/support/route-rights.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api, control, serviceCalls } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";
import { ROUTE_RIGHTS as RULES, type RouteRight as Action } from "@/test/support/route-rights";

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

let who: RoleCookies;
beforeAll(async () => {
  who = await cookiesForEveryRole("matrix");
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
