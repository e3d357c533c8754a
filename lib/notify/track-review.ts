import "server-only";
import { getDb } from "@/lib/db/client";
import { tellOpenPages } from "@/lib/events/publish";
import { log } from "@/lib/log";
import type { PredictionView, SessionUser } from "@/lib/types";
import { announceReview } from "./announce";

// Approvals and rejections go to the team webhooks that asked for them; a failure here never
// fails the review itself. Every review action (comments too) is told to open pages.

export async function trackReview(
  view: PredictionView,
  event: { id: string; image_index: number; action: string },
  /** Who reviewed, as the team reads it: an email, or "via link: <name>". */
  by: Pick<SessionUser, "email"> & { id?: string },
): Promise<void> {
  const db = await getDb();
  await reviewChanged(view.id, by.id ?? null);
  if (event.action !== "approve" && event.action !== "reject") return;
  await announceReview(db, {
    eventId: event.id,
    predictionId: view.id,
    productId: view.product_id,
    prompt: view.prompt,
    imageIndex: event.image_index,
    status: event.action === "approve" ? "approved" : "rejected",
    by: by.email,
  }).catch((error: unknown) =>
    log.error({ err: error, prediction: view.id }, "a review could not be sent to the webhooks"),
  );
}

/** Open pages showing this prediction's reviews (or the queue) load them again. */
export async function reviewChanged(predictionId: string, byUserId: string | null): Promise<void> {
  await tellOpenPages(await getDb(), { kind: "review.changed", prediction_id: predictionId, by_user_id: byUserId });
}
