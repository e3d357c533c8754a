import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import { isAppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/types";
import { chargeBudget } from "./charge";
import { setBudget } from "./limits";
import { assertWithinBudget, BUDGET_REACHED, returnBudget, returnUnmadeBudget, spendBudget, standingOf } from "./spend";

const t = testDatabase();

const admin: SessionUser = { id: "u-admin", email: "admin@example.com", role: "admin" };
const ed: SessionUser = { id: "u-ed", email: "ed@example.com", role: "editor" };
const eve: SessionUser = { id: "u-eve", email: "eve@example.com", role: "editor" };

async function people(): Promise<void> {
  for (const u of [admin, ed, eve]) {
    await t.db.query(
      "INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, $3, 'x') ON CONFLICT DO NOTHING",
      [u.id, u.email, u.role],
    );
  }
}

async function fresh(): Promise<void> {
  await people();
  await t.db.query("DELETE FROM usage_units");
  await t.db.query("DELETE FROM budgets");
  await t.db.query("DELETE FROM notifications");
  await t.db.query("DELETE FROM notify_events");
}

const shot = (person: SessionUser | null, count = 1) => ({ kind: "shots" as const, person, productId: "p1", count });

async function refusal(run: () => Promise<unknown>) {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("monthly budgets", () => {
  const nov = new Date("2026-11-20T10:00:00Z");

  it("lets a person spend up to their role's limit and refuses the next in words, until the month resets", async () => {
    await fresh();
    await setBudget(t.db, { scope: "role", subject: "editor", kind: "shots", limit: 3 }, admin);
    await spendBudget(t.db, shot(ed, 2), nov);
    await spendBudget(t.db, shot(ed), nov);
    const error = await refusal(() => spendBudget(t.db, shot(ed), nov));
    expect(error.status).toBe(429);
    expect(error.toBody().error).toBe(BUDGET_REACHED);
    expect(error.message).toBe(
      "Your monthly budget of 3 shots (the limit for editors) is used up: 3 used this month, none left. It resets on 1 December 2026 (UTC); an admin can raise it on the Usage page.",
    );
    // 10 days, 14 hours: until 1 December 00:00 UTC.
    expect(error.retryAfter).toBe(10 * 86_400 + 14 * 3_600);
    // Nothing was counted for the refused ask; another editor has their own budget.
    expect((await standingOf(t.db, ed, "shots", nov)).usedByPerson).toBe(3);
    await spendBudget(t.db, shot(eve), nov);
  });

  it("says how many are left when an ask is larger than what remains, and a person's own limit wins over the role's", async () => {
    await fresh();
    await setBudget(t.db, { scope: "role", subject: "editor", kind: "shots", limit: 100 }, admin);
    await setBudget(t.db, { scope: "user", subject: ed.id, kind: "shots", limit: 4 }, admin);
    await spendBudget(t.db, shot(ed, 2), nov);
    const error = await refusal(() => assertWithinBudget(t.db, shot(ed, 3), nov));
    expect(error.message).toMatch(
      /^This asks for 3 shots, but only 2 are left of your monthly budget of 4 shots \(2 used this month\)\./,
    );
    await assertWithinBudget(t.db, shot(ed, 2), nov);
  });

  it("counts everyone against the installation's limit and names it as the team's", async () => {
    await fresh();
    await setBudget(t.db, { scope: "installation", subject: "", kind: "shots", limit: 2 }, admin);
    await spendBudget(t.db, shot(ed), nov);
    await spendBudget(t.db, shot(eve), nov);
    const error = await refusal(() => spendBudget(t.db, shot(admin), nov));
    expect(error.message).toMatch(/^The team's monthly budget of 2 shots is used up/);
  });

  it("rolls over at the first instant of the next UTC month (a fake clock, no waiting)", async () => {
    await fresh();
    await setBudget(t.db, { scope: "user", subject: ed.id, kind: "trainings", limit: 1 }, admin);
    const lastSecond = new Date("2026-11-30T23:59:59Z");
    await spendBudget(t.db, { kind: "trainings", person: ed, productId: "p1" }, lastSecond);
    const error = await refusal(() =>
      spendBudget(t.db, { kind: "trainings", person: ed, productId: "p2" }, lastSecond),
    );
    expect(error.retryAfter).toBe(1);
    const december = new Date("2026-12-01T00:00:00Z");
    await spendBudget(t.db, { kind: "trainings", person: ed, productId: "p2" }, december);
    await refusal(() => spendBudget(t.db, { kind: "trainings", person: ed, productId: "p3" }, december));
  });

  it("counts a shot's job once however often it is sent, and gives back what the service did not make", async () => {
    await fresh();
    await setBudget(t.db, { scope: "user", subject: ed.id, kind: "shots", limit: 2 }, admin);
    const first = await spendBudget(t.db, { ...shot(ed), jobId: "41" }, nov);
    const again = await spendBudget(t.db, { ...shot(ed), jobId: "41" }, nov);
    expect(again.ids).toEqual(first.ids);
    expect((await standingOf(t.db, ed, "shots", nov)).usedByPerson).toBe(1);
    const other = await spendBudget(t.db, { ...shot(ed), jobId: "42" }, nov);
    await refusal(() => spendBudget(t.db, { ...shot(ed), jobId: "43" }, nov));
    await returnBudget(t.db, other.ids);
    await spendBudget(t.db, { ...shot(ed), jobId: "43" }, nov);
  });

  it("gives back a campaign's counted shots that ended without an image, and keeps the made ones", async () => {
    await fresh();
    await t.db.query("DELETE FROM shot_jobs");
    await t.db.query("DELETE FROM campaigns");
    await t.db.query(
      "INSERT INTO campaigns (id, kind, name, created_at, prompts, outputs, variations) VALUES ('c1', 'campaign', 'Spring', now(), '[]', '[]', 1)",
    );
    const job = async (state: string, predictionId: string | null) => {
      const [row] = await t.db.query<{ id: string | number }>(
        `INSERT INTO shot_jobs (campaign_id, product_id, prompt_index, prompt, aspect_ratio, variation, priority, state, next_attempt_at, prediction_id, updated_at)
         VALUES ('c1', 'p1', 0, 'x', '1:1', 1, 1, $1, now(), $2, now()) RETURNING id`,
        [state, predictionId],
      );
      await spendBudget(t.db, { ...shot(ed), campaignId: "c1", jobId: String(row.id) }, nov);
    };
    await job("done", "made-1");
    await job("failed", null);
    await job("cancelled", null);
    await job("queued", null);
    expect((await standingOf(t.db, ed, "shots", nov)).usedByPerson).toBe(4);
    await returnUnmadeBudget(t.db, "c1");
    // The made shot and the one still queued (counted before a 429, to be sent again) stay.
    expect((await standingOf(t.db, ed, "shots", nov)).usedByPerson).toBe(2);
  });

  it("lets only one of two creates at once take the last unit", async () => {
    await fresh();
    await setBudget(t.db, { scope: "user", subject: ed.id, kind: "shots", limit: 5 }, admin);
    await spendBudget(t.db, shot(ed, 4), nov);
    const results = await Promise.allSettled([spendBudget(t.db, shot(ed), nov), spendBudget(t.db, shot(ed), nov)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await standingOf(t.db, ed, "shots", nov)).usedByPerson).toBe(5);
  });

  it("tells the person and the admins once when 80 % of a limit is used", async () => {
    await fresh();
    await setBudget(t.db, { scope: "user", subject: ed.id, kind: "shots", limit: 5 }, admin);
    await chargeBudget(t.db, shot(ed, 3), nov);
    const bell = () =>
      t.db.query<{ user_id: string; body: string }>(
        "SELECT user_id, body FROM notifications WHERE event = 'budget' ORDER BY user_id",
      );
    expect(await bell()).toEqual([]);
    await chargeBudget(t.db, shot(ed), nov);
    expect(await bell()).toEqual([
      { user_id: admin.id, body: "ed@example.com has used 4 of 5 shots this month: 1 left until 1 December 2026." },
      { user_id: ed.id, body: "You have used 4 of 5 shots this month: 1 left until 1 December 2026." },
    ]);
    await chargeBudget(t.db, shot(ed), nov);
    expect(await bell()).toHaveLength(2);
  });

  it("audits every change of a limit with what it was and what it became", async () => {
    await fresh();
    await t.db.query("DELETE FROM audit_events");
    await setBudget(t.db, { scope: "role", subject: "editor", kind: "shots", limit: 50 }, admin);
    await setBudget(t.db, { scope: "role", subject: "editor", kind: "shots", limit: 80 }, admin);
    await setBudget(t.db, { scope: "role", subject: "editor", kind: "shots", limit: null }, admin);
    const rows = await t.db.query<{ actor_email: string; action: string; detail: Record<string, unknown> }>(
      "SELECT actor_email, action, detail FROM audit_events ORDER BY id",
    );
    expect(rows.map((r) => [r.actor_email, r.action, r.detail.from, r.detail.to])).toEqual([
      ["admin@example.com", "budget.changed", null, 50],
      ["admin@example.com", "budget.changed", 50, 80],
      ["admin@example.com", "budget.changed", 80, null],
    ]);
  });
});
