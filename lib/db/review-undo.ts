import "server-only";
import { AppError } from "@/lib/errors";
import { getDb } from "./client";
import { EVENT_COLUMNS, toEvent, type EventRow, type ReviewStatus } from "./reviews";
import type { ReviewEvent } from "@/lib/api-types";

// Undo of one review action by its author: the image's state goes back to what it was before the
// action, and the event stays in the history marked as undone (a slip is visible, not erased).
// Only the newest standing change of an image can be undone, so a colleague's later decision is
// never overwritten; undoing several in a row walks back through them, newest first.

interface UndoRow extends EventRow {
  prediction_id: string;
  user_id: string | null;
  before_status: ReviewStatus | null;
  before_starred: boolean | null;
}

export async function undoReviewEvent(input: {
  predictionId: string;
  eventId: string;
  user: { id: string };
}): Promise<ReviewEvent> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [event] = await tx.query<UndoRow>(
      `SELECT ${EVENT_COLUMNS}, prediction_id, user_id, before_status, before_starred
       FROM review_events WHERE id = $1::bigint AND prediction_id = $2 FOR UPDATE`,
      [input.eventId, input.predictionId],
    );
    if (!event) throw new AppError("not_found", "This review was not found on this shot.");
    if (event.user_id !== input.user.id)
      throw new AppError("forbidden", "Only the person who made a review can undo it.");
    if (event.action === "comment") throw new AppError("bad_request", "A comment cannot be undone.");
    if (event.undone_at !== null) throw new AppError("conflict", "This review was already undone.");
    if (event.before_starred === null)
      throw new AppError("conflict", "This review is too old to undo; review the image again instead.");
    const [later] = await tx.query<{ user_email: string }>(
      `SELECT user_email FROM review_events
       WHERE prediction_id = $1 AND image_index = $2 AND id > $3::bigint AND action <> 'comment' AND undone_at IS NULL
       ORDER BY id DESC LIMIT 1`,
      [event.prediction_id, event.image_index, input.eventId],
    );
    if (later) {
      throw new AppError(
        "conflict",
        `${later.user_email} reviewed this image since; review it again instead of undoing.`,
      );
    }
    await tx.query(
      `UPDATE image_reviews SET status = $3, starred = $4, updated_by = $5, updated_at = now()
       WHERE prediction_id = $1 AND image_index = $2`,
      [event.prediction_id, event.image_index, event.before_status, event.before_starred, input.user.id],
    );
    const [undone] = await tx.query<EventRow>(
      `UPDATE review_events SET undone_at = now() WHERE id = $1::bigint RETURNING ${EVENT_COLUMNS}`,
      [input.eventId],
    );
    return toEvent(undone);
  });
}
