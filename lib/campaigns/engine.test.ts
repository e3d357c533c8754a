import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { setBudget } from "@/lib/budgets/limits";
import { standingOf } from "@/lib/budgets/spend";
import type { Db } from "@/lib/db/client";
import { markLoraReady, recordProduct } from "@/lib/db/products";
import { getJob } from "@/lib/db/shot-jobs";
import { useMemoryDb, useTestEnv } from "@/lib/db/testing";
import { recentNotifications } from "@/lib/notify/notifications";
import { deliverDue } from "@/lib/notify/outbox";
import { startHookReceiver, type HookReceiver } from "@/lib/notify/testing/receivers";
import { createWebhook } from "@/lib/notify/webhooks";
import { clearServiceCache } from "@/lib/service";
import { resetPredictionIndexForTests } from "@/lib/studio/prediction-index";
import type { SessionUser } from "@/lib/types";
import {
  createProduct,
  createReadyProduct,
  FULL,
  startTestService,
  type TestService,
} from "@/local-service/test-support";
import { actOnCampaign } from "./actions";
import { claimNextJob } from "./claim";
import { engineContext, type EngineContext } from "./context";
import { createCampaign, estimateCampaign } from "./create";
import { ShotEngine } from "./engine";
import { resetBudgetResumeForTests } from "./budget-resume";
import { resetReconcileForTests } from "./reconcile";
import { getCampaignView } from "./views";

// The shot engine with real parts: the local service over HTTP (its faults switched on from its
// control port), an in-memory PGlite, and nothing open in any browser. Every test ends by asking
// the service itself what it made: each shot exactly once.

let service: TestService;
let env: ReturnType<typeof useTestEnv>;
let db: Db;
let user: SessionUser;
let hooks: HookReceiver;

async function control(method: string, route: string, body?: unknown) {
  const res = await fetch(`${service.controlUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${FULL}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

interface Made {
  product_id: string;
  prompt: string;
  aspect_ratio: string;
}

/** How many times the service made each (product, prompt, ratio) since the test began. */
async function madeCounts(since: number): Promise<Map<string, number>> {
  const { predictions } = (await control("GET", "/predictions/made")) as {
    predictions: (Made & { created_at: string })[];
  };
  const counts = new Map<string, number>();
  for (const p of predictions.filter((p) => Date.parse(p.created_at) >= since)) {
    const key = `${p.product_id}|${p.prompt}|${p.aspect_ratio}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function engineFor(overrides: Partial<EngineContext> = {}): { ctx: EngineContext; engine: ShotEngine } {
  let seed = 11;
  const ctx = engineContext(db, {
    random: () => (seed = (seed * 16807) % 2147483647) / 2147483647,
    trainingCheckMs: 100,
    ...overrides,
  });
  return { ctx, engine: new ShotEngine(ctx) };
}

/** Runs rounds (each waiting for its sends) until `done`, or fails after `rounds`. */
async function runUntil(engine: ShotEngine, done: () => Promise<boolean>, rounds = 400): Promise<void> {
  for (let n = 0; n < rounds; n++) {
    const result = await engine.round();
    await engine.settle();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, Math.min(200, Math.max(20, result.waitMs ?? 50))));
  }
  throw new Error("the campaign did not finish");
}

const finished = (ctx: EngineContext, id: string) => async () =>
  (await getCampaignView(ctx, id)).status !== "running" && (await getCampaignView(ctx, id)).status !== "training";

async function readyProduct(name: string): Promise<string> {
  const id = await createReadyProduct(service);
  await recordProduct({ id, name, templateId: "1", textureKeys: [], createdBy: user.id });
  await markLoraReady(id);
  return id;
}

beforeAll(async () => {
  service = await startTestService({ loraMs: 300, predictionMs: 100, loraLimit: { max: 100, windowMs: 1_000 } });
  hooks = await startHookReceiver();
  env = useTestEnv({
    PVS_BASE_URL: service.baseUrl,
    PVS_ASSET_URL: service.assetUrl,
    PVS_API_TOKEN: FULL,
    PVS_TIMEOUT_MS: "800",
    CAMPAIGN_RECONCILE_GRACE_MS: "1500",
    APP_URL: "https://studio.example.test",
    // The test's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_LOCALHOST: "on",
  });
  clearServiceCache();
  db = await useMemoryDb();
  const record = await createUser({
    email: "marketer@studio.test",
    password: "marketer-password-long",
    role: "editor",
  });
  user = { id: record.id, email: record.email, role: record.role };
});

afterAll(async () => {
  await db.close();
  await Promise.all([service.dispose(), hooks.close()]);
  env.cleanup();
});

beforeEach(async () => {
  await control("DELETE", "/faults");
  await control("DELETE", "/create-limit");
  await db.query("DELETE FROM engine_state");
  resetReconcileForTests();
  resetBudgetResumeForTests();
  resetPredictionIndexForTests();
});

describe("a campaign run by the server", () => {
  it("shows its shots against the budget before it starts, and pauses in the budget's words when it reaches it, sending nothing more", async () => {
    const since = Date.now();
    const product = await readyProduct("Budget soda");
    const { ctx, engine } = engineFor();
    const before = (await standingOf(db, user, "shots", ctx.clock())).usedByPerson;
    const admin = { ...user, role: "admin" as const };
    await setBudget(db, { scope: "user", subject: user.id, kind: "shots", limit: before + 2 }, admin);
    const input = {
      name: "Thrifty",
      product_ids: [product],
      prompts: ["on a shelf", "on a desk"],
      aspect_ratios: ["1:1", "16:9"] as const,
      channels: [],
      variations: 1,
    };
    const estimate = await estimateCampaign(ctx, { ...input, aspect_ratios: [...input.aspect_ratios] }, user);
    expect(estimate).toMatchObject({ total: 4, shots_left_this_month: 2 });
    const { id } = await createCampaign(ctx, { ...input, aspect_ratios: [...input.aspect_ratios] }, user);
    await runUntil(engine, async () => (await getCampaignView(ctx, id)).status === "paused");
    for (let i = 0; i < 3; i++) await engine.round(); // a paused campaign sends nothing
    await engine.settle();
    const paused = await getCampaignView(ctx, id);
    expect(paused.paused_reason).toMatch(
      /^Paused: Your monthly budget of \d+ shots is used up: \d+ used this month, none left\. It resets on /,
    );
    expect([...(await madeCounts(since)).values()].reduce((n, c) => n + c, 0)).toBe(2);

    // Raised, and resumed by a person: the rest is made, each shot once, and the words are gone.
    await setBudget(db, { scope: "user", subject: user.id, kind: "shots", limit: null }, admin);
    await actOnCampaign(ctx, id, "resume", user);
    await runUntil(engine, finished(ctx, id));
    const done = await getCampaignView(ctx, id);
    expect(done).toMatchObject({ status: "done", ready: 4, paused_reason: null });
    expect([...(await madeCounts(since)).values()]).toEqual([1, 1, 1, 1]);
    expect((await standingOf(db, user, "shots", ctx.clock())).usedByPerson).toBe(before + 4);
  });

  it("goes on by itself when the month resets, audited and told, after pausing at its budget", async () => {
    const since = Date.now();
    const product = await readyProduct("Month-end soda");
    // A clock a minute before a month ends, running on as the real one does; moved on below.
    let offset = Date.parse("2031-01-31T23:59:00Z") - Date.now();
    const { ctx, engine } = engineFor({ clock: () => new Date(Date.now() + offset) });
    const admin = { ...user, role: "admin" as const };
    const used = (await standingOf(db, user, "shots", ctx.clock())).usedByPerson;
    await setBudget(db, { scope: "user", subject: user.id, kind: "shots", limit: used + 1 }, admin);
    try {
      const input = {
        name: "Month end",
        product_ids: [product],
        prompts: ["on a pier"],
        aspect_ratios: ["1:1", "16:9"] as ("1:1" | "16:9")[],
        channels: [],
        variations: 1,
      };
      const { id } = await createCampaign(ctx, input, user);
      await runUntil(engine, async () => (await getCampaignView(ctx, id)).status === "paused");
      await engine.settle();
      expect((await getCampaignView(ctx, id)).paused_reason).toMatch(
        /^Paused: Your monthly budget of \d+ shots? is used up/,
      );
      for (let i = 0; i < 3; i++) await engine.round(); // the same month: still paused, nothing more sent
      await engine.settle();
      expect((await getCampaignView(ctx, id)).status).toBe("paused");
      expect([...(await madeCounts(since)).values()].reduce((n, c) => n + c, 0)).toBe(1);

      offset += 120_000; // 1 February, 00:01
      await runUntil(engine, finished(ctx, id));
      expect(await getCampaignView(ctx, id)).toMatchObject({ status: "done", ready: 2, paused_reason: null });
      expect([...(await madeCounts(since)).values()]).toEqual([1, 1]);
      const audit = await db.query<{ actor_email: string; detail: { campaign: string } }>(
        "SELECT actor_email, detail FROM audit_events WHERE action = 'campaign.resumed' AND detail->>'campaign' = $1",
        [id],
      );
      expect(audit).toEqual([{ actor_email: "Product Studio", detail: expect.objectContaining({ campaign: id }) }]);
      const told = (await recentNotifications(db, user.id)).items.filter((n) => n.title === "Campaign resumed");
      expect(told).toHaveLength(1);
      expect(told[0].body).toContain("“Month end” goes on");
    } finally {
      await setBudget(db, { scope: "user", subject: user.id, kind: "shots", limit: null }, admin);
    }
  });

  it("trains the product that has no LoRA first, then makes every shot once, with no browser open", async () => {
    const since = Date.now();
    const ready = await readyProduct("Lemonade");
    const untrained = await createProduct(service);
    await recordProduct({ id: untrained, name: "Iced tea", templateId: "1", textureKeys: [], createdBy: user.id });
    const { ctx, engine } = engineFor();
    const { id, total } = await createCampaign(
      ctx,
      {
        name: "Summer",
        product_ids: [ready, untrained],
        prompts: ["on a beach", "in snow"],
        aspect_ratios: ["1:1"],
        channels: ["web-hero"],
        variations: 1,
      },
      user,
    );
    expect(total).toBe(8);
    expect((await getCampaignView(ctx, id)).status).toBe("running");
    await runUntil(engine, finished(ctx, id));
    const view = await getCampaignView(ctx, id);
    expect(view).toMatchObject({ status: "done", total: 8, ready: 8, failed: 0 });
    expect(view.products.map((p) => p.state)).toEqual(["ready", "ready"]);
    expect(view.cells.every((c) => c.state === "done" && c.image !== null)).toBe(true);
    const made = await madeCounts(since);
    expect([...made.values()]).toEqual(Array(8).fill(1));
    expect(made.get(`${untrained}|in snow|16:9`)).toBe(1);
  });

  it("tells its author once when it ends: the bell, and the webhooks that asked for campaign.finished", async () => {
    const product = await readyProduct("Told bottle");
    await createWebhook(db, { url: hooks.url, events: ["campaign.finished"] }, user.id);
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Told",
        product_ids: [product],
        prompts: ["on a pier"],
        aspect_ratios: ["1:1", "9:16"],
        channels: [],
        variations: 1,
      },
      user,
    );
    await runUntil(engine, finished(ctx, id));
    for (let i = 0; i < 3; i++) await engine.round(); // nothing is told twice
    await deliverDue(db);
    const calls = hooks.calls.filter((c) => c.headers["x-studio-event"] === "campaign.finished");
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body)).toMatchObject({
      campaign: { id, name: "Told", url: `https://studio.example.test/campaigns/${id}` },
      counts: { total: 2, ready: 2, failed: 0, cancelled: 0 },
      text: expect.stringContaining("“Told”: 2 of 2 shots made"),
    });
    const bell = (await recentNotifications(db, user.id)).items.filter((n) => n.link === `/campaigns/${id}`);
    expect(bell).toHaveLength(1);
    expect(bell[0].link).toBe(`/campaigns/${id}`);
  });

  it("a create answered after the app's timeout is found in the service's list and never sent again", async () => {
    const since = Date.now();
    const product = await readyProduct("Late bottle");
    await control("POST", "/faults", { match: "POST /api/v1/prediction/", kind: "late", delayMs: 2_000, count: 1 });
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Late",
        product_ids: [product],
        prompts: ["on a shelf"],
        aspect_ratios: ["4:5"],
        channels: [],
        variations: 1,
      },
      user,
    );
    await runUntil(engine, finished(ctx, id));
    expect(await getCampaignView(ctx, id)).toMatchObject({ status: "done", ready: 1 });
    expect([...(await madeCounts(since)).values()]).toEqual([1]);
    const [row] = await db.query<{ id: string }>("SELECT id FROM shot_jobs WHERE campaign_id = $1", [id]);
    expect((await getJob(db, row.id))?.sends).toBe(1);
  });

  it("a connection dropped after the create was made ends with the shot made once", async () => {
    const since = Date.now();
    const product = await readyProduct("Dropped bottle");
    await control("POST", "/faults", { match: "POST /api/v1/prediction/", kind: "drop", count: 2 });
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Dropped",
        product_ids: [product],
        prompts: ["on a shelf"],
        aspect_ratios: ["1:1"],
        channels: [],
        variations: 2,
      },
      user,
    );
    await runUntil(engine, finished(ctx, id));
    expect(await getCampaignView(ctx, id)).toMatchObject({ status: "done", ready: 2 });
    // Two variations of one shot: two predictions, each claimed by one job.
    expect([...(await madeCounts(since)).values()]).toEqual([2]);
    const sends = await db.query<{ sends: number }>("SELECT sends FROM shot_jobs WHERE campaign_id = $1", [id]);
    expect(sends.map((s) => s.sends)).toEqual([1, 1]);
  });

  it("a crash between sending and recording the answer ends with the shot made once", async () => {
    const since = Date.now();
    const product = await readyProduct("Crash bottle");
    // The first instance claims the shot and sends it, then dies before it records the answer.
    const first = engineFor({ claimMs: 300 });
    const { id } = await createCampaign(
      first.ctx,
      {
        name: "Crash",
        product_ids: [product],
        prompts: ["on a rock"],
        aspect_ratios: ["9:16"],
        channels: [],
        variations: 1,
      },
      user,
    );
    const claim = await claimNextJob(first.ctx);
    if (!("job" in claim)) throw new Error("nothing claimed");
    const { tryCreatePrediction } = await import("@/lib/service");
    expect((await tryCreatePrediction({ product_id: product, prompt: "on a rock", aspect_ratio: "9:16" })).kind).toBe(
      "created",
    );
    // Another instance (or the same one restarted) finds the claim run out and the shot in the list.
    const second = engineFor();
    await new Promise((r) => setTimeout(r, 350));
    await runUntil(second.engine, finished(second.ctx, id));
    expect(await getCampaignView(second.ctx, id)).toMatchObject({ status: "done", ready: 1 });
    expect([...(await madeCounts(since)).values()]).toEqual([1]);
  });

  it("a create that failed with a 5xx and made nothing is sent again once the list has gone on not showing it", async () => {
    const since = Date.now();
    const product = await readyProduct("Retry bottle");
    await control("POST", "/faults", { match: "POST /api/v1/prediction/", kind: "html502", count: 1 });
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Retry",
        product_ids: [product],
        prompts: ["on grass"],
        aspect_ratios: ["3:2"],
        channels: [],
        variations: 1,
      },
      user,
    );
    await runUntil(engine, finished(ctx, id));
    expect(await getCampaignView(ctx, id)).toMatchObject({ status: "done", ready: 1 });
    expect([...(await madeCounts(since)).values()]).toEqual([1]);
    const [job] = await db.query<{ sends: number }>("SELECT sends FROM shot_jobs WHERE campaign_id = $1", [id]);
    expect(job.sends).toBe(2);
  });

  it("meets bare 429s by slowing down: every shot made once, and the campaign says it waits for the service", async () => {
    const since = Date.now();
    const product = await readyProduct("Busy bottle");
    await control("POST", "/create-limit", { limit: 2, windowMs: 1_500 });
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Busy",
        product_ids: [product],
        prompts: ["a", "b", "c"],
        aspect_ratios: ["1:1", "16:9", "9:16"],
        channels: [],
        variations: 1,
      },
      user,
    );
    let sawWaiting = false;
    await runUntil(engine, async () => {
      const view = await getCampaignView(ctx, id);
      sawWaiting ||= view.waiting_reason !== null && view.cells.some((c) => c.state === "waiting_service");
      return view.status === "done";
    });
    expect(sawWaiting).toBe(true);
    expect([...(await madeCounts(since)).values()]).toEqual(Array(9).fill(1));
    const limit = (await control("GET", "/create-limit")) as { accepted: number; refused: number };
    expect(limit.accepted).toBe(9);
    // Fewer refusals than shots: the pace learned the window rather than hammering it.
    expect(limit.refused).toBeLessThan(9);
  });

  it("skips an unknown product and a product whose template has no LoRA, on their rows, and makes the others' shots", async () => {
    const product = await readyProduct("Good bottle");
    const noLora = await createProduct(service, "8");
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Mixed",
        product_ids: [product, "prd_unknown", noLora],
        prompts: ["on a table"],
        aspect_ratios: ["1:1"],
        channels: [],
        variations: 1,
      },
      user,
    );
    await runUntil(engine, finished(ctx, id));
    const view = await getCampaignView(ctx, id);
    expect(view).toMatchObject({ status: "done", ready: 1, failed: 2 });
    const rows = Object.fromEntries(view.products.map((p) => [p.id, p]));
    expect(rows.prd_unknown).toMatchObject({ state: "skipped", reason: "Product with ID prd_unknown does not exist" });
    expect(rows[noLora]).toMatchObject({ state: "skipped", reason: "LoRA generation not available for this template" });
  });

  it("pause stops sending, resume goes on, cancel stops for good and keeps what was made", async () => {
    const since = Date.now();
    const product = await readyProduct("Paused bottle");
    const { ctx, engine } = engineFor();
    const { id } = await createCampaign(
      ctx,
      {
        name: "Paused",
        product_ids: [product],
        prompts: ["x", "y"],
        aspect_ratios: ["1:1", "4:5"],
        channels: [],
        variations: 1,
      },
      user,
    );
    expect((await actOnCampaign(ctx, id, "pause", user)).status).toBe("paused");
    await engine.round();
    await engine.settle();
    expect((await madeCounts(since)).size).toBe(0);
    await actOnCampaign(ctx, id, "resume", user);
    await engine.sendDue(id);
    await engine.settle();
    const cancelled = await actOnCampaign(ctx, id, "cancel", user);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.ready + cancelled.open + cancelled.cancelled).toBe(4);
    await runUntil(engine, async () => (await getCampaignView(ctx, id)).open === 0);
    const made = [...(await madeCounts(since)).values()].reduce((a, b) => a + b, 0);
    expect((await getCampaignView(ctx, id)).ready).toBe(made);
    await expect(actOnCampaign(ctx, id, "resume", user)).rejects.toMatchObject({ status: 409 });
  });
});
