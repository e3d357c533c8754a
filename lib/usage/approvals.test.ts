import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import { APPROVAL_DIMENSIONS, approvalReport, approvalsBy, reviewWait, scenesThatWork } from "./approvals";

const t = testDatabase();

// A hand-counted fixture: two templates, three scenes (one typed two ways), two ratios.
//   shot  product  template  prompt                     ratio  images: status
//   s1    bottle   T1        "On a marble counter"      1:1    approved, approved, rejected
//   s2    bottle   T1        "on a  marble counter "    16:9   approved, (unreviewed)
//   s3    jar      T1        "In a forest"              1:1    rejected, rejected
//   s4    can      T2        "In a forest"              16:9   approved
//   s5    can      T2        "Beach at dusk"            1:1    approved, approved, approved, rejected
// By scene: marble 3/4, forest 1/3, beach 3/4. By template: T1 3/6, T2 4/5.
// By ratio: 1:1 5/9, 16:9 2/2. By product: bottle 3/4, jar 0/2, can 4/5.
async function fixture(): Promise<void> {
  await t.db.query(`INSERT INTO products (id, name, template_id, template_name) VALUES
    ('bottle', 'Bottle', 'T1', 'Glass bottle'), ('jar', 'Jar', 'T1', 'Glass bottle'), ('can', 'Can', 'T2', 'Tin can')`);
  const shots: [string, string, string, string, (string | null)[]][] = [
    ["s1", "bottle", "On a marble counter", "1:1", ["approved", "approved", "rejected"]],
    ["s2", "bottle", "on a  marble counter ", "16:9", ["approved", null]],
    ["s3", "jar", "In a forest", "1:1", ["rejected", "rejected"]],
    ["s4", "can", "In a forest", "16:9", ["approved"]],
    ["s5", "can", "Beach at dusk", "1:1", ["approved", "approved", "approved", "rejected"]],
  ];
  for (const [id, product, prompt, ratio, images] of shots) {
    await t.db.query(
      "INSERT INTO predictions (id, product_id, prompt, aspect_ratio, created_at) VALUES ($1, $2, $3, $4, '2026-11-20T10:00:00Z')",
      [id, product, prompt, ratio],
    );
    for (const [index, status] of images.entries()) {
      if (!status) continue;
      await t.db.query("INSERT INTO image_reviews (prediction_id, image_index, status) VALUES ($1, $2, $3)", [
        id,
        index,
        status,
      ]);
    }
  }
}

const rates = (rows: { name: string; approved: number; reviewed: number }[]) =>
  rows.map((r) => [r.name, r.approved, r.reviewed]);

describe("what works", () => {
  it("counts the approval rate by scene, template, ratio and product as counted by hand", async () => {
    await fixture();
    expect(rates(await approvalsBy(t.db, "scene"))).toEqual([
      ["Beach at dusk", 3, 4],
      ["On a marble counter", 3, 4],
      ["In a forest", 1, 3],
    ]);
    expect(rates(await approvalsBy(t.db, "template"))).toEqual([
      ["Glass bottle", 3, 6],
      ["Tin can", 4, 5],
    ]);
    expect(rates(await approvalsBy(t.db, "aspect_ratio"))).toEqual([
      ["1:1", 5, 9],
      ["16:9", 2, 2],
    ]);
    expect(rates(await approvalsBy(t.db, "product"))).toEqual([
      ["Can", 4, 5],
      ["Bottle", 3, 4],
      ["Jar", 0, 2],
    ]);
    const [scene] = await approvalsBy(t.db, "scene");
    expect(scene.rate).toBe(0.75);
    // The report counts all four at once: the very same rows.
    const report = await approvalReport(t.db);
    for (const dimension of APPROVAL_DIMENSIONS) {
      expect(report.groups[dimension], dimension).toEqual(await approvalsBy(t.db, dimension));
    }
  });

  it("offers first the scenes with the highest approval rate for a template, among those reviewed enough", async () => {
    // T1: marble 3/4 (75 %), forest 0/2 (too few reviews to recommend). T2: beach 3/4, forest 1/1 (too few).
    expect(rates(await scenesThatWork(t.db, "T1"))).toEqual([["On a marble counter", 3, 4]]);
    expect(rates(await scenesThatWork(t.db, "T2"))).toEqual([["Beach at dusk", 3, 4]]);
  });

  it("measures the time from a shot's arrival to its first review, per image", async () => {
    await t.db.query(
      "INSERT INTO users (id, email, role, password_hash) VALUES ('r', 'r@example.com', 'reviewer', 'x')",
    );
    const review = (id: string, index: number, action: string, at: string) =>
      t.db.query(
        "INSERT INTO review_events (prediction_id, image_index, action, user_id, user_email, created_at) VALUES ($1, $2, $3, 'r', 'r@example.com', $4)",
        [id, index, action, at],
      );
    // s1 arrived at 10:00. Image 0: 10 min; image 1: 30 min (its later change does not count); image 2: 50 min.
    await review("s1", 0, "approve", "2026-11-20T10:10:00Z");
    await review("s1", 1, "reject", "2026-11-20T10:30:00Z");
    await review("s1", 1, "approve", "2026-11-20T11:30:00Z");
    await review("s1", 2, "star", "2026-11-20T10:01:00Z");
    await review("s1", 2, "reject", "2026-11-20T10:50:00Z");
    expect(await reviewWait(t.db)).toEqual({ images: 3, median_seconds: 1800, p90_seconds: 2760 });
  });
});
