import "server-only";
import type { ApprovalDimension, ApprovalReport, ApprovalRow, ReviewWait } from "@/lib/api-types";
import type { Db } from "@/lib/db/client";

// What works: of the images reviewed (approved or rejected), the share approved, by scene (the
// prompt, normalised: case and spacing ignored), template, aspect ratio and product, each with the
// number of images it rests on; and how long shots wait for their review. One query each.

export const APPROVAL_DIMENSIONS = [
  "scene",
  "template",
  "aspect_ratio",
  "product",
] as const satisfies readonly ApprovalDimension[];
export type { ApprovalDimension };

/** Scenes offered first in the prompt picker rest on at least this many reviewed images. */
export const MIN_REVIEWED_TO_RECOMMEND = 3;
const ROWS = 20;

export type { ApprovalReport, ApprovalRow, ReviewWait };

// Counted per product, raw prompt and ratio by the database as reviews are written (approval_sums,
// kept by migration 230: a few thousand rows however many images), then normalised, named and
// summed per chart over those rows. $1: a template id to count only its products' shots, or null
// for all.
const COUNTED = `SELECT s.product_id, s.prompt, s.scene, s.aspect_ratio, s.approved, s.reviewed
    FROM approval_sums s
   WHERE s.reviewed > 0 AND ($1::text IS NULL OR s.product_id IN (SELECT id FROM products WHERE template_id = $1))`;

const SUMS = "sum(c.approved) AS approved, sum(c.reviewed) AS reviewed";

/** Each chart over `c` (COUNTED): key, name, approved, reviewed. */
const GROUPING: Record<ApprovalDimension, string> = {
  scene: `SELECT c.scene AS key, min(c.prompt) AS name, ${SUMS} FROM c GROUP BY 1`,
  template: `SELECT pr.template_id AS key, COALESCE(min(pr.template_name), 'Template ' || pr.template_id, 'Unknown template') AS name, ${SUMS}
               FROM c LEFT JOIN products pr ON pr.id = c.product_id GROUP BY pr.template_id`,
  aspect_ratio: `SELECT c.aspect_ratio AS key, c.aspect_ratio AS name, ${SUMS} FROM c GROUP BY 1`,
  product: `SELECT c.product_id AS key, COALESCE(min(pr.name), c.product_id) AS name, ${SUMS}
              FROM c LEFT JOIN products pr ON pr.id = c.product_id GROUP BY c.product_id`,
};

/** The chart's rows, the most reviewed first: a rate resting on many images says more than one resting on two. */
const TOP = (dimension: ApprovalDimension) =>
  `SELECT * FROM (${GROUPING[dimension]}) g ORDER BY reviewed DESC, key LIMIT ${ROWS}`;

type Counted = { key: string | null; name: string | null; approved: string | number; reviewed: string | number };

const toRow = (row: Counted): ApprovalRow => {
  const approved = Number(row.approved);
  const reviewed = Number(row.reviewed);
  return {
    key: row.key ?? "",
    name: row.name ?? "Unknown",
    approved,
    reviewed,
    rate: reviewed === 0 ? 0 : approved / reviewed,
  };
};

export async function approvalsBy(
  db: Db,
  dimension: ApprovalDimension,
  templateId: string | null = null,
): Promise<ApprovalRow[]> {
  const rows = await db.query<Counted>(`WITH c AS (${COUNTED}) ${TOP(dimension)}`, [templateId]);
  return rows.map(toRow);
}

/** "Scenes that work for this template": the highest approval rate first, among scenes with enough reviews. */
export async function scenesThatWork(db: Db, templateId: string, limit = 5): Promise<ApprovalRow[]> {
  const rows = await db.query<Counted>(
    `WITH c AS (${COUNTED}) SELECT * FROM (${GROUPING.scene}) g WHERE reviewed >= ${MIN_REVIEWED_TO_RECOMMEND}
      ORDER BY approved::float / reviewed DESC, reviewed DESC, key LIMIT $2`,
    [templateId, limit],
  );
  return rows.map(toRow);
}

/** Each image's first approval or rejection and its wait are kept by migration 230 (first_reviews). */
export async function reviewWait(db: Db): Promise<ReviewWait> {
  const [row] = await db.query<{ images: string | number; median: number | null; p90: number | null }>(
    `SELECT count(*) AS images,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY waited) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY waited) AS p90
       FROM first_reviews WHERE waited IS NOT NULL`,
  );
  const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
  return { images: Number(row.images), median_seconds: round(row.median), p90_seconds: round(row.p90) };
}

/** Every chart at once: the kept sums read once, for all four. */
async function approvalsByAll(db: Db): Promise<Record<ApprovalDimension, ApprovalRow[]>> {
  const rows = await db.query<Counted & { dimension: ApprovalDimension }>(
    `WITH c AS MATERIALIZED (${COUNTED}) ${APPROVAL_DIMENSIONS.map(
      (d) => `SELECT '${d}' AS dimension, t.* FROM (${TOP(d)}) t`,
    ).join(" UNION ALL ")}`,
    [null],
  );
  return Object.fromEntries(
    APPROVAL_DIMENSIONS.map((d) => [d, rows.filter((row) => row.dimension === d).map(toRow)]),
  ) as Record<ApprovalDimension, ApprovalRow[]>;
}

export async function approvalReport(db: Db): Promise<ApprovalReport> {
  const [groups, wait] = await Promise.all([approvalsByAll(db), reviewWait(db)]);
  return { groups, review_wait: wait };
}
