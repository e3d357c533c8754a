import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { setDbForTests, type Db } from "./client";
import { recordReview, reviewedImageKeys, reviewsForPrediction, reviewStateByPredictionIds } from "./reviews";
import { useMemoryDb, useTestEnv } from "./testing";

describe("review registry", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  let ann: { id: string; email: string };
  let bob: { id: string; email: string };
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    ann = await createUser({ email: "ann@example.com", password: "plum-orchard-41", role: "reviewer" });
    bob = await createUser({ email: "bob@example.com", password: "plum-orchard-41", role: "editor" });
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("keeps every action with its author and applies it to the image's state", async () => {
    await recordReview({ predictionId: "p1", imageIndex: 0, action: "approve", user: ann });
    await recordReview({ predictionId: "p1", imageIndex: 0, action: "star", user: bob });
    await recordReview({ predictionId: "p1", imageIndex: 1, action: "comment", comment: "too dark", user: bob });
    await recordReview({ predictionId: "p1", imageIndex: 1, action: "reject", user: ann });
    const { images, events } = await reviewsForPrediction("p1");
    expect(images).toEqual([
      expect.objectContaining({ image_index: 0, status: "approved", starred: true, updated_by_email: bob.email }),
      expect.objectContaining({ image_index: 1, status: "rejected", starred: false, updated_by_email: ann.email }),
    ]);
    expect(events.map((e) => [e.image_index, e.action, e.author_email, e.comment])).toEqual([
      [0, "approve", ann.email, null],
      [0, "star", bob.email, null],
      [1, "comment", bob.email, "too dark"],
      [1, "reject", ann.email, null],
    ]);
  });

  it("a comment alone changes no state; clear and unstar undo", async () => {
    await recordReview({ predictionId: "p2", imageIndex: 0, action: "comment", comment: "hm", user: ann });
    expect((await reviewsForPrediction("p2")).images).toEqual([]);
    await recordReview({ predictionId: "p2", imageIndex: 0, action: "approve", user: ann });
    await recordReview({ predictionId: "p2", imageIndex: 0, action: "star", user: ann });
    await recordReview({ predictionId: "p2", imageIndex: 0, action: "clear", user: ann });
    await recordReview({ predictionId: "p2", imageIndex: 0, action: "unstar", user: ann });
    expect((await reviewsForPrediction("p2")).images[0]).toMatchObject({ status: null, starred: false });
    expect((await reviewsForPrediction("p2")).events).toHaveLength(5);
  });

  it("aggregates per prediction: approved beats rejected, count of decided images", async () => {
    await recordReview({ predictionId: "p3", imageIndex: 0, action: "reject", user: ann });
    await recordReview({ predictionId: "p4", imageIndex: 2, action: "star", user: ann });
    const states = await reviewStateByPredictionIds(["p1", "p2", "p3", "p4", "nope"]);
    expect(Object.fromEntries(states)).toEqual({
      p1: { status: "approved", starred: true, count: 2, approved: 1, rejected: 1 },
      p2: { status: null, starred: false, count: 0, approved: 0, rejected: 0 },
      p3: { status: "rejected", starred: false, count: 1, approved: 0, rejected: 1 },
      p4: { status: null, starred: true, count: 0, approved: 0, rejected: 0 },
    });
    expect(await reviewStateByPredictionIds([])).toEqual(new Map());
    expect([...(await reviewedImageKeys(["p1", "p3", "p4"]))].sort()).toEqual(["p1#0", "p1#1", "p3#0"]);
  });

  it("the history outlives the author's account", async () => {
    const carl = await createUser({ email: "carl@example.com", password: "plum-orchard-41", role: "editor" });
    await recordReview({ predictionId: "p5", imageIndex: 0, action: "approve", user: carl });
    await db.query("DELETE FROM users WHERE id = $1", [carl.id]);
    const { images, events } = await reviewsForPrediction("p5");
    expect(events[0].author_email).toBe("carl@example.com");
    expect(images[0]).toMatchObject({ status: "approved", updated_by_email: null });
  });

  it("keeps a share link visitor's typed name, with no account behind it", async () => {
    await recordReview({
      predictionId: "p6",
      imageIndex: 1,
      action: "approve",
      visitor: { name: "Ana Client", shareId: "s1" },
    });
    await recordReview({
      predictionId: "p6",
      imageIndex: 1,
      action: "comment",
      comment: "lovely",
      visitor: { name: "Ana Client", shareId: "s1" },
    });
    const { images, events } = await reviewsForPrediction("p6");
    expect(events.map((e) => [e.action, e.author_email, e.via_link, e.comment])).toEqual([
      ["approve", null, "Ana Client", null],
      ["comment", null, "Ana Client", "lovely"],
    ]);
    expect(images).toEqual([expect.objectContaining({ image_index: 1, status: "approved", updated_by_email: null })]);
    const [row] = await db.query<{ share_id: string }>(
      "SELECT share_id FROM review_events WHERE prediction_id = 'p6' LIMIT 1",
    );
    expect(row.share_id).toBe("s1");
  });
});
