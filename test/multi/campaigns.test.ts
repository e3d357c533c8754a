// One campaign, two app instances on one throwaway PostgreSQL, one local service that allows a
// few creates per window and answers the rest with bare 429s. Both instances' engines work the
// campaign (each send is claimed in the database first), the pace is shared (a 429 seen by one
// slows both), and the service made every shot exactly once. Nothing is open in any browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, requirePostgresInCi } from "../support/postgres-cluster";
import { startInstallation, type Installation } from "./installation";
import { call, control, signIn as signInAs, until, type Instance } from "./instances";
import { finishTraining, makeProduct } from "./products";

requirePostgresInCi();

const ADMIN = { email: "admin@campaign.test", password: "campaign-admin-password" };

let installation: Installation;
const signIn = (instance: Instance) => signInAs(instance, ADMIN);

/** A product made through `instance` and trained at once (the service's control port finishes it). */
async function trainedProduct(instance: Instance, cookie: string, name: string): Promise<string> {
  const id = await makeProduct(instance, cookie, name);
  await finishTraining(installation.service, id);
  return id;
}

describe.skipIf(!postgresAvailable)("a campaign worked by two instances", () => {
  beforeAll(async () => {
    installation = await startInstallation({
      name: "campaign",
      admin: ADMIN,
      serviceEnv: {
        LOCAL_SERVICE_PREDICTION_MS: "300",
        LOCAL_SERVICE_CREATE_LIMIT: "4",
        LOCAL_SERVICE_CREATE_WINDOW_MS: "1000",
      },
    });
    for (const name of ["a", "b"]) await installation.startInstance(name);
  }, 180_000);

  afterAll(() => installation?.stop());

  it("shares the work, keeps the service's pace, and makes each shot once", async () => {
    const { instances } = installation;
    const [a, b] = instances;
    const cookie = await signIn(a);
    const products = [await trainedProduct(a, cookie, "Shared lamp"), await trainedProduct(a, cookie, "Shared vase")];
    const since = Date.now();
    const created = await call(a, "/api/campaigns", {
      cookie,
      json: {
        name: "Two instances",
        product_ids: products,
        prompts: ["on a desk", "in a loft", "by a window"],
        aspect_ratios: ["1:1", "4:5"],
        channels: ["web-hero"],
        variations: 1,
      },
    });
    expect(created.status).toBe(201);
    const { id, total } = (await created.json()) as { id: string; total: number };
    expect(total).toBe(18);

    // Followed through the other instance: the state is the database's, not a process's.
    const cookieB = await signIn(b);
    const done = await until("the campaign to finish", async () => {
      const view = (await (await call(b, `/api/campaigns/${id}`, { cookie: cookieB })).json()) as {
        status: string;
        ready: number;
      };
      return view.status === "done" ? view : null;
    });
    expect(done.ready).toBe(18);

    const { predictions } = (await control(installation.service, "GET", "/predictions/made")) as {
      predictions: { product_id: string; prompt: string; aspect_ratio: string; created_at: string }[];
    };
    const counts = new Map<string, number>();
    for (const p of predictions.filter((p) => Date.parse(p.created_at) >= since)) {
      const key = `${p.product_id}|${p.prompt}|${p.aspect_ratio}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(18);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    const { rows } = await installation.db.query<{ sent_by: string; sends: number }>(
      "SELECT sent_by, sends FROM shot_jobs WHERE campaign_id = $1",
      [id],
    );
    const senders = new Set(rows.map((r) => Number(r.sent_by.split(":")[1])));
    expect([...senders].sort()).toEqual(instances.map((i) => i.pid).sort());
    // A 429 made nothing and was sent again; nothing else was: the refusals are the only repeats.
    const limit = (await control(installation.service, "GET", "/create-limit")) as {
      accepted: number;
      refused: number;
    };
    expect(limit.accepted).toBe(18);
    expect(rows.reduce((n, r) => n + r.sends, 0)).toBe(18 + limit.refused);
  }, 180_000);
});
