// Two app instances behind one imagined load balancer: `next start` twice on one throwaway
// PostgreSQL 15 (same DATABASE_URL, same SESSION_SECRET), one local service. Whatever one
// instance decides, the other must see: sign-in failures, sessions, users, share links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, requirePostgresInCi } from "../support/postgres-cluster";
import { startInstallation, type Installation } from "./installation";
import { call, control, signIn as signInAs, type Instance } from "./instances";

requirePostgresInCi();

const ADMIN = { email: "admin@multi.test", password: "multi-admin-password" };
const SIGN_OFFS_PER_LINK = 3;
const KEY_REQUESTS_PER_MINUTE = 6;

let installation: Installation;
let a: Instance;
let b: Instance;

const signIn = (instance: Instance, email = ADMIN.email, password = ADMIN.password) =>
  signInAs(instance, { email, password });

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@multi.test`;

async function createUser(instance: Instance, admin: string, password: string): Promise<{ id: string; email: string }> {
  const email = unique("person");
  const created = await call(instance, "/api/users", { cookie: admin, json: { email, role: "editor", password } });
  if (created.status !== 201) throw new Error(`creating ${email}: ${created.status}`);
  return { id: (await created.json()).user.id, email };
}

describe.skipIf(!postgresAvailable)("two app instances on one PostgreSQL", () => {
  beforeAll(async () => {
    installation = await startInstallation({
      name: "multi",
      admin: ADMIN,
      env: {
        SHARE_SIGN_OFF_PER_LINK_HOUR: String(SIGN_OFFS_PER_LINK),
        API_KEY_REQUESTS_PER_MINUTE: String(KEY_REQUESTS_PER_MINUTE),
      },
    });
    // A few finished shots made "elsewhere", so a share link has something to show.
    await control(installation.service, "POST", "/seed", { count: 3 });
    // One after the other: the first migrates and creates the admin, the second finds them.
    a = await installation.startInstance("a");
    b = await installation.startInstance("b");
  }, 180_000);

  afterAll(() => installation?.stop());

  it("a cookie from A is accepted by B, and once signed out on A it is refused on B", async () => {
    const cookie = await signIn(a);
    expect((await call(b, "/api/session", { cookie })).status).toBe(200);
    expect((await call(a, "/api/session", { method: "DELETE", cookie })).status).toBe(204);
    expect((await call(b, "/api/session", { cookie })).status).toBe(401);
  });

  it("a user disabled on A is refused on B, their session and their sign-in", async () => {
    const admin = await signIn(a);
    const person = await createUser(a, admin, "amber-window-lamp-1");
    const onB = await signIn(b, person.email, "amber-window-lamp-1");
    expect((await call(b, "/api/products", { cookie: onB })).status).toBe(200);
    const disabled = await call(a, `/api/users/${person.id}`, {
      method: "PATCH",
      cookie: admin,
      json: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await call(b, "/api/products", { cookie: onB })).status).toBe(401);
    expect(
      (await call(b, "/api/session", { json: { email: person.email, password: "amber-window-lamp-1" } })).status,
    ).toBe(401);
  });

  it("an API key made on A works on B, its requests on both count toward one limit, and once revoked on A it is refused on B", async () => {
    const admin = await signIn(a);
    const made = await call(a, "/api/keys", {
      cookie: admin,
      json: { name: "Both instances", role: "reviewer", expires_in_days: 1 },
    });
    expect(made.status).toBe(201);
    const { secret } = await made.json();
    const withKey = (instance: Instance) =>
      fetch(`${instance.url}/api/session`, { headers: { authorization: `Bearer ${secret}` } });
    const statuses: number[] = [];
    for (let i = 0; i < KEY_REQUESTS_PER_MINUTE; i++) statuses.push((await withKey(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(KEY_REQUESTS_PER_MINUTE).fill(200));
    for (const instance of [a, b]) {
      const limited = await withKey(instance);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    const other = await (
      await call(a, "/api/keys", { cookie: admin, json: { name: "Other", role: "reviewer", expires_in_days: 1 } })
    ).json();
    const otherOnB = (await fetch(`${b.url}/api/session`, { headers: { authorization: `Bearer ${other.secret}` } }))
      .status;
    expect(otherOnB).toBe(200);
    expect((await call(a, `/api/keys/${other.key.id}`, { method: "DELETE", cookie: admin })).status).toBe(204);
    const revoked = await fetch(`${b.url}/api/session`, { headers: { authorization: `Bearer ${other.secret}` } });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).message).toMatch(/“Other” was revoked/);
  });

  it("a share link made on A opens on B, and once revoked on A is 404 on B", async () => {
    const admin = await signIn(a);
    // A link holds the shots of the view when it is made: wait until the seeded ones are finished.
    let made = await call(a, "/api/shares", { cookie: admin, json: { filter: {}, expires_in_days: 1, title: "Both" } });
    for (let i = 0; i < 50 && made.status === 400; i++) {
      await new Promise((r) => setTimeout(r, 200));
      made = await call(a, "/api/shares", { cookie: admin, json: { filter: {}, expires_in_days: 1, title: "Both" } });
    }
    expect(made.status).toBe(201);
    const { id, url } = await made.json();
    const token = String(url).split("/").pop();
    expect((await call(b, `/api/share/${token}`)).status).toBe(200);
    expect((await call(a, `/api/shares/${id}`, { method: "DELETE", cookie: admin })).status).toBe(204);
    expect((await call(b, `/api/share/${token}`)).status).toBe(404);
  });

  it("a link's sign-offs spread over both instances are counted together, and its maker's switch holds on both", async () => {
    const admin = await signIn(a);
    const made = await call(a, "/api/shares", {
      cookie: admin,
      json: { filter: {}, expires_in_days: 1, title: "Sign-off" },
    });
    expect(made.status).toBe(201);
    const { id, url } = await made.json();
    const token = String(url).split("/").pop();
    const shown = (await (await call(b, `/api/share/${token}`)).json()).items[0];
    const approve = (instance: Instance, name: string) =>
      call(instance, `/api/share/${token}/sign-off`, {
        json: { name, prediction_id: shown.id, image_index: 0, action: "approve" },
      });
    expect(
      (await call(a, `/api/shares/${id}`, { method: "PATCH", cookie: admin, json: { sign_off: false } })).status,
    ).toBe(200);
    expect((await approve(b, "Off on B")).status).toBe(403);
    expect(
      (await call(b, `/api/shares/${id}`, { method: "PATCH", cookie: admin, json: { sign_off: true } })).status,
    ).toBe(200);
    for (let i = 0; i < SIGN_OFFS_PER_LINK; i++)
      expect((await approve(i % 2 === 0 ? a : b, `Client ${i}`)).status, `sign-off ${i + 1}`).toBe(201);
    for (const instance of [a, b]) {
      const over = await approve(instance, "One more");
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const history = await (await call(b, `/api/predictions/${shown.id}/reviews`, { cookie: admin })).json();
    expect(history.events.filter((e: { via_link: string | null }) => e.via_link?.startsWith("Client ")).length).toBe(
      SIGN_OFFS_PER_LINK,
    );
  });

  it("failed sign-ins spread over both instances are counted together: the 6th is 429 on either", async () => {
    const admin = await signIn(a);
    const person = await createUser(a, admin, "copper-river-lamp-2");
    for (let i = 0; i < 5; i++) {
      const instance = i % 2 === 0 ? a : b;
      const wrong = await call(instance, "/api/session", { json: { email: person.email, password: `guess-${i}` } });
      expect(wrong.status, `failure ${i + 1}`).toBe(401);
    }
    for (const instance of [a, b]) {
      const locked = await call(instance, "/api/session", {
        json: { email: person.email, password: "copper-river-lamp-2" },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await locked.json()).message).toBe("Too many attempts. Try again in 5 minutes.");
    }
  });

  // Last: it locks this machine's address on both instances for 15 minutes.
  it("a flood: hashes are capped per process (503 beyond the queue), and the address limit holds on the other instance whatever X-Forwarded-For claims", async () => {
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(a, "/api/session", {
          json: { email: `nobody-${i}@multi.test`, password: "not-a-password" },
          // Without TRUST_PROXY the header is not believed: every attempt counts for 127.0.0.1.
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        }),
      ),
    );
    const statuses = flood.map((r) => r.status);
    expect(
      statuses.every((s) => s === 401 || s === 503 || s === 429),
      statuses.join(","),
    ).toBe(true);
    const busy = flood.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].headers.get("retry-after")).toBe("5");
    expect((await busy[0].json()).message).toBe("Many people are signing in at once. Try again in a few seconds.");

    const next = await call(b, "/api/session", {
      json: { email: "someone-else@multi.test", password: "not-a-password" },
      headers: { "x-forwarded-for": "198.51.100.200" },
    });
    expect(next.status).toBe(429);
    expect((await next.json()).message).toBe("Too many attempts. Try again in 15 minutes.");
  });
});
