// The parts going away, for real: PostgreSQL stopped under steady use, then started again; and
// one of two instances restarted (SIGTERM, then started on the same port) while twenty people
// work against both. Answers meanwhile are 503 in words with Retry-After, never a 500, an HTML
// error page or a hang; nothing acknowledged is lost; everything answers again by itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, requirePostgresInCi } from "../support/postgres-cluster";
import { startInstallation, type Installation } from "./installation";
import { call, signIn as signInAs, until, type Instance } from "./instances";

requirePostgresInCi();

const ADMIN = { email: "admin@outage.test", password: "outage-admin-password" };
/** A request that takes longer than this has hung: the test fails on it rather than waiting. */
const HANG_MS = 15_000;

let installation: Installation;
let instances: Instance[];

const signIn = (instance: Instance) => signInAs(instance, ADMIN);

/** Every answer, sorted: what a person would see. */
interface Tally {
  ok: number;
  refused: number;
  notAccepted: number;
  /** Reset before any answer, and sent again to the other instance (as a load balancer does with a read). */
  resent: number;
  failed: string[];
}

async function classify(
  send: () => Promise<Response>,
  tally: Tally,
  what: string,
  again?: () => Promise<Response>,
): Promise<void> {
  try {
    const response = await send();
    const text = await response.text();
    if (response.ok) tally.ok += 1;
    else if (response.status === 503 && response.headers.get("retry-after") && /"message":/.test(text))
      tally.refused += 1;
    else tally.failed.push(`${what}: HTTP ${response.status} ${text.slice(0, 120)}`);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    // Nothing listened on the port: a load balancer (or this client) sends it to the other instance.
    if (code === "ECONNREFUSED") tally.notAccepted += 1;
    // A read whose connection was reset before any answer (the instant a connection closes, as
    // with any keep-alive server) is sent again elsewhere, once; it must then be answered.
    else if (code === "ECONNRESET" && again) {
      tally.resent += 1;
      await classify(again, tally, `${what} (sent again)`);
    } else tally.failed.push(`${what}: ${code ?? (error as Error).message}`);
  }
}

describe.skipIf(!postgresAvailable)("the parts going away", () => {
  beforeAll(async () => {
    // Each instance's own output is kept in test-results/, for reading after a failure.
    installation = await startInstallation({
      name: "outage",
      admin: ADMIN,
      env: { SHUTDOWN_GRACE_MS: "10000" },
      logs: true,
    });
    instances = installation.instances;
    for (const name of ["a", "b"]) await installation.startInstance(name);
  }, 180_000);

  afterAll(() => installation?.stop());

  it("a database stopped for a while: 503 with Retry-After and words, health and readiness say so, then it all comes back", async () => {
    const [a] = instances;
    const cookie = await signIn(a);
    const saved = await call(a, "/api/prompts/presets", {
      cookie,
      json: { template_id: "1", name: `Before ${Date.now()}`, prompt: "on a quiet shelf" },
    });
    expect(saved.status).toBe(201);
    const preset = (await saved.json()) as { id: string; name: string };

    installation.cluster.pause();
    try {
      for (const route of ["/api/predictions?limit=5", "/api/campaigns", "/api/session"]) {
        const answer = await call(a, route, { cookie, signal: AbortSignal.timeout(HANG_MS) });
        expect(answer.status, route).toBe(503);
        expect(answer.headers.get("retry-after"), route).toBe("5");
        expect(await answer.json(), route).toEqual({
          error: "Service Unavailable",
          message: expect.stringMatching(/cannot reach its database/),
        });
      }
      const write = await call(a, "/api/prompts/presets", {
        cookie,
        json: { template_id: "1", name: "During", prompt: "x" },
        signal: AbortSignal.timeout(HANG_MS),
      });
      expect(write.status).toBe(503);
      expect(await (await call(a, "/api/health", { signal: AbortSignal.timeout(HANG_MS) })).json()).toMatchObject({
        status: "degraded",
        database: "down",
        service: "up",
      });
      const ready = await call(a, "/api/ready", { signal: AbortSignal.timeout(HANG_MS) });
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toBe("5");
      // A page says it in words rather than failing.
      const page = await call(a, "/gallery", { cookie, signal: AbortSignal.timeout(HANG_MS) });
      expect(await page.text()).toContain("Product Studio cannot reach its database right now");
    } finally {
      installation.cluster.resume();
    }

    await until("readiness after the database's return", async () => (await call(a, "/api/ready")).status === 200, 300);
    expect(await (await call(a, "/api/health")).json()).toMatchObject({ status: "ok", database: "up" });
    const presets = (await (await call(a, "/api/prompts/presets?template_id=1", { cookie })).json()) as {
      items: { id: string }[];
    };
    expect(presets.items.map((p) => p.id)).toContain(preset.id);
    expect(
      (
        await call(a, "/api/prompts/presets", {
          cookie,
          json: { template_id: "1", name: `After ${Date.now()}`, prompt: "x" },
        })
      ).status,
    ).toBe(201);
  }, 120_000);

  it("one of two instances restarted while twenty people work: every request answered, or refused with 503 and Retry-After", async () => {
    const [a, b] = instances;
    const cookies = [await signIn(a), await signIn(b)];
    const tally: Tally = { ok: 0, refused: 0, notAccepted: 0, resent: 0, failed: [] };
    let running = true;
    const person = async (n: number) => {
      const routes = ["/api/predictions?limit=20", "/api/products?limit=10", "/api/campaigns", "/api/reviews/summary"];
      for (let i = n; running; i++) {
        // Alternating between the instances, as a client with no load balancer would.
        const instance = instances[i % 2];
        const route = routes[i % routes.length];
        const other = (i + 1) % 2;
        await classify(
          () => call(instance, route, { cookie: cookies[i % 2], signal: AbortSignal.timeout(HANG_MS) }),
          tally,
          `${instance === a ? "a" : "b"} ${route}`,
          () => call(instances[other], route, { cookie: cookies[other], signal: AbortSignal.timeout(HANG_MS) }),
        );
      }
    };
    const people = Array.from({ length: 20 }, (_, n) => person(n));
    await until("some work before the restart", async () => tally.ok >= 100, 300);
    await a.restart();
    const after = tally.ok;
    await until("work after the restart", async () => tally.ok >= after + 100, 300);
    running = false;
    await Promise.all(people);
    console.info(`restart under load: ${JSON.stringify({ ...tally, failed: tally.failed.length })}`);
    expect(tally.failed).toEqual([]);
    expect(tally.ok).toBeGreaterThan(200);
    // The restart was seen: refused while it drained, or not accepted while it was down.
    expect(tally.refused + tally.notAccepted).toBeGreaterThan(0);
    expect((await call(b, "/api/ready")).status).toBe(200);
  }, 180_000);
});
