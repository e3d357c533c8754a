import "server-only";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { PredictionView, SessionUser } from "@/lib/types";
import { announceReview } from "./announce";

// Approvals and rejections go to the team webhooks that asked for them; a failure here never
// fails the review itself.

export async function trackReview(
  view: PredictionView,
  event: { id: string; image_index: number; action: string },
  /** Who reviewed, as the team reads it: an email, or "via link: <name>". */
  by: Pick<SessionUser, "email">,
): Promise<void> {
  if (event.action !== "approve" && event.action !== "reject") return;
  await announceReview(await getDb(), {
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
