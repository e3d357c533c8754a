import { beforeAll, describe, expect, it } from "vitest";
import { createUser, deleteUser } from "@/lib/auth/users";
import { openDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { MIGRATIONS } from "@/lib/db/migrations";
import { insertPrediction, insertProduct } from "@/lib/db/registry-writes";
import { undoReviewEvent } from "@/lib/db/review-undo";
import { recordReview, type ReviewAction } from "@/lib/db/reviews";
import { testDatabase } from "@/lib/db/testing";
import { approvalsBy, reviewWait } from "./approvals";

// The sums migration 230 keeps must stay what counting every review afresh gives, through each
// way reviews and shots change: a review, a change of verdict, an undo, a clear, a shot recorded
// after its review, a person deleted, a shot changed or deleted, an event or a review deleted.

const t = testDatabase();

// The charts' rows and each image's wait, counted from scratch: every current review joined to its
// shot, every image's first approval or rejection joined to its shot.
const FROM_SCRATCH_SUMS = `SELECT p.product_id, p.prompt, p.aspect_ratio,
    count(*) FILTER (WHERE r.status = 'approved')::int AS approved, count(*)::int AS reviewed
  FROM image_reviews r JOIN predictions p ON p.id = r.prediction_id
  WHERE r.status IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const KEPT_SUMS = `SELECT product_id, prompt, aspect_ratio, approved, reviewed FROM approval_sums
  WHERE reviewed > 0 ORDER BY 1, 2, 3`;
const FROM_SCRATCH_WAITS = `SELECT f.prediction_id, f.image_index, extract(epoch FROM f.first_at - p.created_at)::float8 AS waited
  FROM (SELECT prediction_id, image_index, min(created_at) AS first_at FROM review_events
         WHERE action IN ('approve', 'reject') GROUP BY 1, 2) f
  JOIN predictions p ON p.id = f.prediction_id ORDER BY 1, 2`;
const KEPT_WAITS = `SELECT prediction_id, image_index, waited FROM first_reviews WHERE waited IS NOT NULL ORDER BY 1, 2`;

async function expectKeptAsCounted(db: Db = t.db): Promise<void> {
  expect(await db.query(KEPT_SUMS)).toEqual(await db.query(FROM_SCRATCH_SUMS));
  expect(await db.query(KEPT_WAITS)).toEqual(await db.query(FROM_SCRATCH_WAITS));
}

const byProduct = async () => (await approvalsBy(t.db, "product")).map((r) => [r.key, r.approved, r.reviewed]);

describe("what works, kept as reviews are written", () => {
  let ann: { id: string; email: string };
  let bob: { id: string; email: string };
  const review = (who: { id: string; email: string }, predictionId: string, imageIndex: number, action: ReviewAction) =>
    recordReview({ predictionId, imageIndex, action, user: who });

  beforeAll(async () => {
    // Someone must stay admin for a person to be deleted.
    await createUser({ email: "admin@example.com", password: "plum-orchard-41", role: "admin" });
    ann = await createUser({ email: "ann@example.com", password: "plum-orchard-41", role: "reviewer" });
    bob = await createUser({ email: "bob@example.com", password: "plum-orchard-41", role: "editor" });
    for (const [id, templateId] of [
      ["bottle", "T1"],
      ["can", "T2"],
    ])
      await insertProduct(t.db, { id, name: id, templateId, textureKeys: [], createdBy: null });
    await insertPrediction(t.db, {
      id: "s1",
      productId: "bottle",
      prompt: "On a marble counter",
      aspectRatio: "1:1",
      createdBy: null,
      createdAt: "2026-11-20T10:00:00Z",
    });
    await insertPrediction(t.db, {
      id: "s2",
      productId: "can",
      prompt: "Beach at dusk",
      aspectRatio: "16:9",
      createdBy: null,
      createdAt: "2026-11-20T10:00:00Z",
    });
  });

  it("counts a review, a change of verdict, an undo and a clear as counted afresh", async () => {
    await review(ann, "s1", 0, "approve");
    await review(ann, "s1", 1, "reject");
    await review(ann, "s1", 1, "star");
    await review(ann, "s2", 0, "approve");
    expect(await byProduct()).toEqual([
      ["bottle", 1, 2],
      ["can", 1, 1],
    ]);
    await expectKeptAsCounted();

    await review(bob, "s1", 1, "approve");
    expect(await byProduct()).toEqual([
      ["bottle", 2, 2],
      ["can", 1, 1],
    ]);
    await expectKeptAsCounted();

    const slip = await review(bob, "s1", 0, "reject");
    expect(await byProduct()).toEqual([
      ["bottle", 1, 2],
      ["can", 1, 1],
    ]);
    await undoReviewEvent({ predictionId: "s1", eventId: slip.id, user: bob });
    expect(await byProduct()).toEqual([
      ["bottle", 2, 2],
      ["can", 1, 1],
    ]);
    await expectKeptAsCounted();

    await review(ann, "s2", 0, "clear");
    expect(await byProduct()).toEqual([["bottle", 2, 2]]);
    await expectKeptAsCounted();
    // The cleared image was still looked at: its first review still counts for the wait.
    expect((await reviewWait(t.db)).images).toBe(3);
  });

  it("counts a review made before its shot was recorded once the shot is", async () => {
    await review(ann, "s3", 0, "approve");
    expect(await byProduct()).toEqual([["bottle", 2, 2]]);
    await expectKeptAsCounted();
    await insertPrediction(t.db, {
      id: "s3",
      productId: "can",
      prompt: "beach at  dusk",
      aspectRatio: "1:1",
      createdBy: null,
      createdAt: "2026-11-20T09:00:00Z",
    });
    expect(await byProduct()).toEqual([
      ["bottle", 2, 2],
      ["can", 1, 1],
    ]);
    expect((await reviewWait(t.db)).images).toBe(4);
    await expectKeptAsCounted();
  });

  it("stays right when a reviewer is deleted, and when shots, events or reviews are changed or deleted", async () => {
    await deleteUser(bob.id);
    expect(await byProduct()).toEqual([
      ["bottle", 2, 2],
      ["can", 1, 1],
    ]);
    await expectKeptAsCounted();

    await t.db.query("UPDATE predictions SET product_id = 'can', created_at = '2026-11-20T09:30:00Z' WHERE id = 's1'");
    expect(await byProduct()).toEqual([["can", 3, 3]]);
    await expectKeptAsCounted();

    await t.db.query("DELETE FROM predictions WHERE id = 's3'");
    expect(await byProduct()).toEqual([["can", 2, 2]]);
    await expectKeptAsCounted();

    // s1's image 1: its first review (a rejection) gone, its approval is now its first.
    await t.db.query("DELETE FROM review_events WHERE prediction_id = 's1' AND image_index = 1 AND action = 'reject'");
    await expectKeptAsCounted();
    await t.db.query("UPDATE review_events SET action = 'comment' WHERE prediction_id = 's1' AND image_index = 0");
    await expectKeptAsCounted();
    expect((await reviewWait(t.db)).images).toBe(2);

    await t.db.query("DELETE FROM image_reviews WHERE prediction_id = 's1' AND image_index = 0");
    expect(await byProduct()).toEqual([["can", 1, 1]]);
    await expectKeptAsCounted();
  });
});

describe("what works, counted for the reviews made before the sums were kept", () => {
  it("sums every review and first review a database already holds when it is migrated", async () => {
    const old = await openDb({ memory: true, migrate: false });
    try {
      await migrate(
        old,
        MIGRATIONS.filter((m) => m.id < 230),
      );
      await old.query(`INSERT INTO predictions (id, product_id, prompt, aspect_ratio, created_at) VALUES
        ('s1', 'bottle', 'On a marble counter', '1:1', '2026-11-20T10:00:00Z'),
        ('s2', 'bottle', 'on a  marble counter', '1:1', '2026-11-20T11:00:00Z')`);
      await old.query(`INSERT INTO image_reviews (prediction_id, image_index, status) VALUES
        ('s1', 0, 'approved'), ('s1', 1, 'rejected'), ('s2', 0, 'approved'), ('s2', 1, NULL), ('gone', 0, 'approved')`);
      await old.query(`INSERT INTO review_events (prediction_id, image_index, action, user_email, created_at) VALUES
        ('s1', 0, 'approve', 'r@example.com', '2026-11-20T10:10:00Z'), ('s1', 1, 'approve', 'r@example.com', '2026-11-20T10:20:00Z'),
        ('s1', 1, 'reject', 'r@example.com', '2026-11-20T10:30:00Z'), ('s2', 0, 'approve', 'r@example.com', '2026-11-20T12:00:00Z'),
        ('s2', 1, 'star', 'r@example.com', '2026-11-20T12:00:00Z'), ('gone', 0, 'approve', 'r@example.com', '2026-11-20T12:00:00Z')`);
      await migrate(old);
      expect((await approvalsBy(old, "scene")).map((r) => [r.name, r.approved, r.reviewed])).toEqual([
        ["On a marble counter", 2, 3],
      ]);
      expect(await reviewWait(old)).toEqual({ images: 3, median_seconds: 1200, p90_seconds: 3120 });
      await expectKeptAsCounted(old);
    } finally {
      await old.close();
    }
  });
});
