import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import type { SessionUser } from "@/lib/types";
import { usageCsv } from "./csv";
import { usageReport } from "./report";

const t = testDatabase();

const admin: SessionUser = { id: "a", email: "admin@example.com", role: "admin" };
const ed: SessionUser = { id: "e", email: "ed@example.com", role: "editor" };
const now = new Date("2026-11-20T15:00:00Z");

async function fixture(): Promise<void> {
  await t.db.query(
    "INSERT INTO users (id, email, role, password_hash) VALUES ('a', 'admin@example.com', 'admin', 'x'), ('e', 'ed@example.com', 'editor', 'x')",
  );
  await t.db.query(
    "INSERT INTO products (id, name, template_id, template_name) VALUES ('p1', 'Bottle, green', 'T1', 'Glass bottle'), ('p2', '=Jar', 'T2', 'Tin can')",
  );
  await t.db.query(
    "INSERT INTO campaigns (id, kind, name, created_by, prompts, outputs, created_at, variations) VALUES ('c1', 'campaign', 'Spring launch', 'e', '[]', '[]', now(), 1), ('b1', 'batch', 'one-off', 'e', '[]', '[]', now(), 1)",
  );
  const unit = (kind: string, user: string, product: string, template: string, campaign: string | null, at: string) =>
    t.db.query(
      "INSERT INTO usage_units (kind, user_id, product_id, template_id, campaign_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [kind, user, product, template, campaign, at],
    );
  await unit("shots", "e", "p1", "T1", "c1", "2026-11-20T09:00:00Z");
  await unit("shots", "e", "p1", "T1", "c1", "2026-11-20T23:59:59Z"); // tomorrow is not in the window's past; still today in UTC
  await unit("shots", "e", "p2", "T2", "b1", "2026-11-19T12:00:00Z");
  await unit("trainings", "e", "p2", "T2", null, "2026-11-19T12:00:00Z");
  await unit("shots", "a", "p2", "T2", null, "2026-08-23T00:00:00Z"); // the window's first day (90 days, today included)
  await unit("shots", "a", "p2", "T2", null, "2026-08-22T23:59:59Z"); // one second before it: not counted
}

describe("usage report", () => {
  it("counts per day over the last 90 days and by person, product, template and campaign", async () => {
    await fixture();
    const report = await usageReport(t.db, admin, now);
    expect(report).toMatchObject({ from: "2026-08-23", to: "2026-11-20", everyone: true });
    expect(report.days).toHaveLength(90);
    expect(report.days.filter((d) => d.shots + d.trainings > 0)).toEqual([
      { day: "2026-08-23", shots: 1, trainings: 0 },
      { day: "2026-11-19", shots: 1, trainings: 1 },
      { day: "2026-11-20", shots: 2, trainings: 0 },
    ]);
    expect(report.groups.person).toEqual([
      { key: "e", name: "ed@example.com", shots: 3, trainings: 1 },
      { key: "a", name: "admin@example.com", shots: 1, trainings: 0 },
    ]);
    expect(report.groups.product.map((g) => [g.name, g.shots, g.trainings])).toEqual([
      ["=Jar", 2, 1],
      ["Bottle, green", 2, 0],
    ]);
    expect(report.groups.template.map((g) => [g.name, g.shots, g.trainings])).toEqual([
      ["Tin can", 2, 1],
      ["Glass bottle", 2, 0],
    ]);
    // The one-off batch is a person's own shot, not a campaign.
    expect(report.groups.campaign.map((g) => [g.name, g.shots, g.trainings])).toEqual([
      ["Not in a campaign", 2, 1],
      ["Spring launch", 2, 0],
    ]);
  });

  it("shows a person only their own", async () => {
    const report = await usageReport(t.db, ed, now);
    expect(report.everyone).toBe(false);
    expect(report.groups.person).toEqual([{ key: "e", name: "ed@example.com", shots: 3, trainings: 1 }]);
    expect(report.days.reduce((n, d) => n + d.shots, 0)).toBe(3);
  });

  it("exports the very numbers the charts draw, names quoted and made inert for spreadsheets", async () => {
    const report = await usageReport(t.db, admin, now);
    const csv = usageCsv(report);
    const rows = csv.trimEnd().split("\r\n").map(parseCsvLine);
    expect(rows[0]).toEqual(["group", "key", "name", "shots", "trainings"]);
    const days = rows
      .filter((r) => r[0] === "day")
      .map(([, day, , shots, trainings]) => ({ day, shots: Number(shots), trainings: Number(trainings) }));
    expect(days).toEqual(report.days);
    for (const dimension of ["person", "product", "template", "campaign"] as const) {
      const groups = rows
        .filter((r) => r[0] === dimension)
        .map(([, key, name, shots, trainings]) => ({ key, name, shots: Number(shots), trainings: Number(trainings) }));
      expect(groups, dimension).toEqual(
        report.groups[dimension].map((g) => ({ ...g, name: g.name.startsWith("=") ? `'${g.name}` : g.name })),
      );
    }
    expect(csv).toContain('product,p1,"Bottle, green",2,0\r\n');
    expect(csv).toContain("product,p2,'=Jar,2,1\r\n");
  });

  it("keeps its sums right as shots are counted, taken back and their person deleted, at every day and month", async () => {
    // Units in a month wholly inside the 90 days, and many in one statement, as a bulk write makes them.
    await t.db.query(
      `INSERT INTO usage_units (kind, user_id, product_id, template_id, campaign_id, created_at)
         SELECT 'shots', 'a', 'p1', 'T1', NULL, '2026-09-05T10:00:00Z'::timestamptz + make_interval(hours => g) FROM generate_series(1, 30) g`,
    );
    // A shot that made nothing is taken back; then a person's account is deleted.
    await t.db.query("DELETE FROM usage_units WHERE id = (SELECT min(id) FROM usage_units WHERE campaign_id = 'c1')");
    await t.db.query("DELETE FROM users WHERE id = 'a'");

    const kept = await t.db.query<{ dimension: string; key: string; day: string; kind: string; units: number }>(
      "SELECT dimension, key, to_char(day, 'YYYY-MM-DD') AS day, kind, units FROM usage_days WHERE units <> 0 ORDER BY 1, 2, 3, 4",
    );
    const counted = await t.db.query<{ dimension: string; key: string; day: string; kind: string; units: number }>(
      `SELECT x.dimension, x.key, to_char((u.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, u.kind, count(*)::int AS units
         FROM usage_units u CROSS JOIN LATERAL (VALUES ('all', ''), ('person', COALESCE(u.user_id, '')),
              ('template', COALESCE(u.template_id, '')), ('campaign', COALESCE(u.campaign_id, ''))) x (dimension, key)
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(kept).toEqual(counted);
    const months = await t.db.query(
      "SELECT product_id, to_char(month, 'YYYY-MM') AS month, kind, units FROM usage_months WHERE units <> 0 ORDER BY 1, 2, 3",
    );
    expect(months).toEqual([
      { product_id: "p1", month: "2026-09", kind: "shots", units: 30 },
      { product_id: "p1", month: "2026-11", kind: "shots", units: 1 },
      { product_id: "p2", month: "2026-08", kind: "shots", units: 2 },
      { product_id: "p2", month: "2026-11", kind: "shots", units: 1 },
      { product_id: "p2", month: "2026-11", kind: "trainings", units: 1 },
    ]);

    const report = await usageReport(t.db, admin, now);
    expect(report.groups.person).toEqual([
      { key: "", name: "A deleted account", shots: 31, trainings: 0 },
      { key: "e", name: "ed@example.com", shots: 2, trainings: 1 },
    ]);
    // p2's August shot on the window's first day comes from the rows, the rest from the months.
    expect(report.groups.product.map((g) => [g.key, g.shots, g.trainings])).toEqual([
      ["p1", 31, 0],
      ["p2", 2, 1],
    ]);
    expect(report.days.find((d) => d.day === "2026-09-06")).toEqual({ day: "2026-09-06", shots: 17, trainings: 0 });
    expect(report.days.reduce((n, d) => n + d.shots, 0)).toBe(33);
  });
});

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) {
      out.push(cell);
      cell = "";
    } else cell += c;
  }
  out.push(cell);
  return out;
}
