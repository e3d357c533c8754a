import "server-only";
import type { Db } from "@/lib/db/client";

// What works: of the images reviewed (approved or rejected), the share approved, by scene (the
// prompt, normalised: case and spacing ignored), template, aspect ratio and product, each with the
// number of images it rests on; and how long shots wait for their review. One query each.

export const APPROVAL_DIMENSIONS = ["scene", "template", "aspect_ratio", "product"] as const;
export type ApprovalDimension = (typeof APPROVAL_DIMENSIONS)[number];

/** Scenes offered first in the prompt picker rest on at least this many reviewed images. */
export const MIN_REVIEWED_TO_RECOMMEND = 3;
const ROWS = 20;

/** The normalised scene, as SQL over `p` (predictions): "On a  Marble counter " → "on a marble counter". */
export const SCENE_SQL = "lower(regexp_replace(btrim(p.prompt), '\\s+', ' ', 'g'))";

export interface ApprovalRow {
  key: string;
  name: string;
  approved: number;
  reviewed: number;
  /** approved ÷ reviewed, 0…1 */
  rate: number;
}

export interface ReviewWait {
  /** Images reviewed (their first approve or reject). */
  images: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

export interface ApprovalReport {
  groups: Record<ApprovalDimension, ApprovalRow[]>;
  review_wait: ReviewWait;
}

const GROUPING: Record<ApprovalDimension, { key: string; name: string }> = {
  scene: { key: SCENE_SQL, name: "min(p.prompt)" },
  template: { key: "pr.template_id", name: "COALESCE(min(pr.template_name), 'Template ' || pr.template_id, 'Unknown template')" },
  aspect_ratio: { key: "p.aspect_ratio", name: "p.aspect_ratio" },
  product: { key: "p.product_id", name: "COALESCE(min(pr.name), p.product_id)" },
};

const FROM = `image_reviews r JOIN predictions p ON p.id = r.prediction_id LEFT JOIN products pr ON pr.id = p.product_id
  WHERE r.status IS NOT NULL AND ($1::text IS NULL OR pr.template_id = $1)`;

type Counted = { key: string | null; name: string | null; approved: string | number; reviewed: string | number };

const toRow = (row: Counted): ApprovalRow => {
  const approved = Number(row.approved);
  const reviewed = Number(row.reviewed);
  return { key: row.key ?? "", name: row.name ?? "Unknown", approved, reviewed, rate: reviewed === 0 ? 0 : approved / reviewed };
};

/** The most reviewed first: a rate resting on many images says more than one resting on two. */
export async function approvalsBy(db: Db, dimension: ApprovalDimension, templateId: string | null = null): Promise<ApprovalRow[]> {
  const g = GROUPING[dimension];
  const rows = await db.query<Counted>(
    `SELECT ${g.key} AS key, ${g.name} AS name, count(*) FILTER (WHERE r.status = 'approved') AS approved, count(*) AS reviewed
       FROM ${FROM} GROUP BY ${g.key} ORDER BY count(*) DESC, ${g.key} LIMIT ${ROWS}`,
    [templateId],
  );
  return rows.map(toRow);
}

/** "Scenes that work for this template": the highest approval rate first, among scenes with enough reviews. */
export async function scenesThatWork(db: Db, templateId: string, limit = 5): Promise<ApprovalRow[]> {
  const rows = await db.query<Counted>(
    `SELECT ${SCENE_SQL} AS key, min(p.prompt) AS name, count(*) FILTER (WHERE r.status = 'approved') AS approved, count(*) AS reviewed
       FROM ${FROM} GROUP BY 1 HAVING count(*) >= ${MIN_REVIEWED_TO_RECOMMEND}
      ORDER BY count(*) FILTER (WHERE r.status = 'approved')::float / count(*) DESC, count(*) DESC, 1 LIMIT $2`,
    [templateId, limit],
  );
  return rows.map(toRow);
}

export async function reviewWait(db: Db): Promise<ReviewWait> {
  const [row] = await db.query<{ images: string | number; median: number | null; p90: number | null }>(
    `SELECT count(*) AS images,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) AS p90
       FROM (SELECT extract(epoch FROM min(e.created_at) - min(p.created_at)) AS seconds
               FROM review_events e JOIN predictions p ON p.id = e.prediction_id
              WHERE e.action IN ('approve', 'reject') GROUP BY e.prediction_id, e.image_index) first_reviews`,
  );
  const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
  return { images: Number(row.images), median_seconds: round(row.median), p90_seconds: round(row.p90) };
}

export async function approvalReport(db: Db): Promise<ApprovalReport> {
  const [groups, wait] = await Promise.all([
    Promise.all(APPROVAL_DIMENSIONS.map((d) => approvalsBy(db, d))),
    reviewWait(db),
  ]);
  return { groups: Object.fromEntries(APPROVAL_DIMENSIONS.map((d, i) => [d, groups[i]])) as Record<ApprovalDimension, ApprovalRow[]>, review_wait: wait };
}
