import "server-only";
import type { Db } from "@/lib/db/client";
import { unsentJobCount } from "@/lib/db/shot-jobs";
import { log } from "@/lib/log";
import { activeUser, claim, productNamed, tell } from "@/lib/notify/announce";
import { shotsReady, type ShotSummary } from "@/lib/notify/messages";
import { batchState, type WatchItem } from "@/lib/notify/watch-items";
import { getPredictionView } from "@/lib/studio/predictions";

// The watcher's announcement of finished shots: it reads each shot as pages do (lib/studio), so
// it sits above lib/notify, which lib/studio's use cases call.

/** Told once the whole batch is in: one email per batch, not per image. */
export async function announcePredictionFinished(db: Db, item: WatchItem, now = new Date()): Promise<void> {
  let ids = [item.resourceId];
  if (item.batchId) {
    const batch = await batchState(db, item.batchId);
    // Shots of the batch the service has not made yet (queued behind a 429) are still to come.
    if (batch.open > 0 || (await unsentJobCount(db, item.batchId)) > 0) return;
    ids = batch.predictionIds;
  }
  const key = item.batchId ? `shots:batch:${item.batchId}` : `shots:${item.resourceId}`;
  if (ids.length === 0 || !(await claim(db, key))) return;
  const shots: ShotSummary[] = [];
  for (const id of ids) {
    const view = await getPredictionView(id).catch((error: unknown) => {
      log.warn({ err: error, prediction: id }, "a finished shot could not be read for its notification");
      return null;
    });
    if (view) shots.push({ id: view.id, prompt: view.prompt, aspectRatio: view.aspect_ratio, images: view.images });
  }
  if (shots.length === 0) return;
  const product = await productNamed(item.productId);
  const message = shotsReady(product, shots);
  await tell(
    db,
    key,
    await activeUser(db, item.userId),
    message,
    { wants: (s) => s.email_shots, thumbnailSrc: shots[0].images[0] },
    {
      event: "shots.ready",
      body: {
        event: "shots.ready",
        text: message.chat,
        product: { ...product, url: message.url },
        predictions: shots.map((s) => ({
          id: s.id,
          prompt: s.prompt,
          aspect_ratio: s.aspectRatio,
          image_count: s.images.length,
        })),
        occurred_at: now.toISOString(),
      },
    },
    now,
  );
}
