import type { CampaignCell } from "@/lib/api-types";
import { imageCountWords } from "@/lib/image-count";
import type { PredictionView } from "@/lib/types";

// What the generate result says while its shots are made, from what is known of them: the shots
// sent (their predictions), the shots still queued at the app (the service asked it to slow down;
// its engine sends them by itself) and the images arrived in the product's list. Client-safe.

export const QUEUED_WORDS =
  "Queued — waiting for the image service; it is sent by itself and appears under Product shots.";

/** The shots' prediction ids: those answered at once, then those the engine sent later (a campaign's cells). */
export function followedIds(
  sent: readonly string[],
  cells: readonly Pick<CampaignCell, "prediction_id">[] | undefined,
): string[] {
  return [...new Set([...sent, ...(cells ?? []).flatMap((c) => (c.prediction_id ? [c.prediction_id] : []))])];
}

/**
 * The progress line: queued while no shot has been sent yet, then the usual count of images as they
 * arrive. `expected` is how many shots were asked for and not refused (sent or queued).
 */
export function progressWords(
  expected: number,
  ids: readonly string[],
  list: readonly PredictionView[] | undefined,
): string {
  if (ids.length === 0) return QUEUED_WORDS;
  const shots = (list ?? []).filter((p) => ids.includes(p.id));
  const arrived = shots.reduce((n, p) => n + p.images.length, 0);
  const waiting = expected - shots.filter((p) => p.images.length > 0).length;
  if (waiting <= 0 && arrived > 0) return `Ready: ${imageCountWords(arrived)} under Product shots.`;
  if (arrived > 0) return `${imageCountWords(arrived)} arrived so far; the rest are generating.`;
  return "Generating — usually 30 to 60 seconds. The images appear under Product shots; the service may return several for each ratio.";
}
