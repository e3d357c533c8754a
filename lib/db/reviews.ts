import "server-only";
import type { ReviewEvent } from "@/lib/api-types";
import { getDb } from "./client";
import { REVIEW_ACTIONS, type ReviewAction } from "@/lib/schemas/review-params";
import { isoDate, isoDateOrNull } from "./dates";

// Reviews of generated images, one image being (prediction id, image index). Every action is
// appended to `review_events` (the history: who, what, when); `image_reviews` holds the current
// state, changed in the same transaction. An image counts as reviewed once it is approved or
// rejected: a star or a comment alone does not take it out of the queue.

export { REVIEW_ACTIONS, type ReviewAction };
export type ReviewStatus = "approved" | "rejected";

export interface ImageReviewState {
  image_index: number;
  status: ReviewStatus | null;
  starred: boolean;
  /** Who last changed the state (null once their account is deleted). */
  updated_by_email: string | null;
  updated_at: string;
}

/** The aggregate the gallery filters on. `count`: how many of its images are approved or rejected. */
export interface PredictionReviewState {
  status: ReviewStatus | null;
  starred: boolean;
  count: number;
  /** How many of its images are approved, and how many rejected. */
  approved: number;
  rejected: number;
}

/** A share link's visitor: no account, a name they typed, the link they came through. */
export interface LinkVisitor {
  name: string;
  shareId: string;
}

export type ReviewInput = {
  predictionId: string;
  imageIndex: number;
  action: ReviewAction;
  comment?: string | null;
} & ({ user: { id: string; email: string } } | { visitor: LinkVisitor });

// What each action does to the current state; a comment changes nothing but the history.
const STATE_CHANGE: Record<ReviewAction, string | null> = {
  approve: "status = 'approved'",
  reject: "status = 'rejected'",
  clear: "status = NULL",
  star: "starred = true",
  unstar: "starred = false",
  comment: null,
};

/** Records one action and applies it to the image's state; returns the recorded event. */
export async function recordReview(input: ReviewInput): Promise<ReviewEvent> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = "user" in input ? input.user : null;
    const visitor = "visitor" in input ? input.visitor : null;
    const change = STATE_CHANGE[input.action];
    // The state before a change travels with its event: undo puts it back (lib/db/review-undo.ts).
    const [before] = change
      ? await tx.query<{ status: ReviewStatus | null; starred: boolean }>(
          `SELECT status, starred FROM image_reviews WHERE prediction_id = $1 AND image_index = $2 FOR UPDATE`,
          [input.predictionId, input.imageIndex],
        )
      : [];
    const [row] = await tx.query<EventRow>(
      `INSERT INTO review_events (prediction_id, image_index, action, comment, user_id, user_email, visitor_name, share_id, before_status, before_starred)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${EVENT_COLUMNS}`,
      [
        input.predictionId,
        input.imageIndex,
        input.action,
        input.comment ?? null,
        user?.id ?? null,
        user?.email ?? null,
        visitor?.name ?? null,
        visitor?.shareId ?? null,
        before?.status ?? null,
        change ? (before?.starred ?? false) : null,
      ],
    );
    if (change) {
      await tx.query(
        `INSERT INTO image_reviews (prediction_id, image_index, updated_by) VALUES ($1, $2, $3)
         ON CONFLICT (prediction_id, image_index) DO UPDATE SET updated_by = $3, updated_at = now()`,
        [input.predictionId, input.imageIndex, user?.id ?? null],
      );
      await tx.query(`UPDATE image_reviews SET ${change} WHERE prediction_id = $1 AND image_index = $2`, [
        input.predictionId,
        input.imageIndex,
      ]);
    }
    return toEvent(row);
  });
}

/** Per-image state and the whole history (oldest first) of one prediction. */
export async function reviewsForPrediction(
  predictionId: string,
): Promise<{ images: ImageReviewState[]; events: ReviewEvent[] }> {
  const db = await getDb();
  const [states, events] = await Promise.all([
    db.query<StateRow>(
      `SELECT r.image_index, r.status, r.starred, u.email AS updated_by_email, r.updated_at
       FROM image_reviews r LEFT JOIN users u ON u.id = r.updated_by
       WHERE r.prediction_id = $1 ORDER BY r.image_index`,
      [predictionId],
    ),
    db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM review_events WHERE prediction_id = $1 ORDER BY id`, [
      predictionId,
    ]),
  ]);
  return {
    images: states.map((s) => ({ ...s, updated_at: isoDate(s.updated_at) })),
    events: events.map(toEvent),
  };
}

/**
 * Per prediction: "approved" when any image is approved, else "rejected" when any is rejected,
 * else null; starred when any image is. Predictions with no state at all are absent.
 */
export async function reviewStateByPredictionIds(ids: readonly string[]): Promise<Map<string, PredictionReviewState>> {
  const result = new Map<string, PredictionReviewState>();
  if (ids.length === 0) return result;
  const db = await getDb();
  const rows = await db.query<{ prediction_id: string; approved: number; rejected: number; starred: boolean }>(
    `SELECT prediction_id,
            count(*) FILTER (WHERE status = 'approved')::int AS approved,
            count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
            bool_or(starred) AS starred
     FROM image_reviews WHERE prediction_id = ANY($1::text[]) GROUP BY prediction_id`,
    [[...new Set(ids)]],
  );
  for (const row of rows) {
    const status = row.approved > 0 ? "approved" : row.rejected > 0 ? "rejected" : null;
    result.set(row.prediction_id, {
      status,
      starred: row.starred,
      count: row.approved + row.rejected,
      approved: row.approved,
      rejected: row.rejected,
    });
  }
  return result;
}

/** The images among `ids` that are approved or rejected, as "predictionId#index" keys. */
export async function reviewedImageKeys(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db.query<{ prediction_id: string; image_index: number }>(
    `SELECT prediction_id, image_index FROM image_reviews
     WHERE status IS NOT NULL AND prediction_id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Set(rows.map((r) => imageKey(r.prediction_id, r.image_index)));
}

export const imageKey = (predictionId: string, imageIndex: number) => `${predictionId}#${imageIndex}`;

interface StateRow {
  image_index: number;
  status: ReviewStatus | null;
  starred: boolean;
  updated_by_email: string | null;
  updated_at: Date | string;
}

export interface EventRow {
  id: string | number;
  image_index: number;
  action: ReviewAction;
  comment: string | null;
  user_email: string | null;
  visitor_name: string | null;
  created_at: Date | string;
  undone_at: Date | string | null;
}

export const EVENT_COLUMNS = "id, image_index, action, comment, user_email, visitor_name, created_at, undone_at";

export function toEvent(row: EventRow): ReviewEvent {
  return {
    id: String(row.id),
    image_index: row.image_index,
    action: row.action,
    comment: row.comment,
    author_email: row.user_email,
    via_link: row.visitor_name,
    created_at: isoDate(row.created_at),
    undone_at: isoDateOrNull(row.undone_at),
  };
}
