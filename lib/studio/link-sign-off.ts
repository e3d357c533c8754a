import "server-only";
import type { LinkSignOff } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { tryAgainIn } from "@/lib/auth/sign-in-throttle";
import { countHit } from "@/lib/db/rate-windows";
import { recordReview } from "@/lib/db/reviews";
import type { ShareRecord } from "@/lib/db/shares";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { trackReview } from "@/lib/notify/track-review";
import type { LinkSignOffInput } from "@/lib/schemas/link-sign-off";
import { sharedShot } from "./shared-gallery";
import { activeShareByToken } from "./shares";

// A share link's visitor approves or comments on one of its images under a name they typed, with
// no account: the link is the permission. The team reads it as "via link: <name>" in the review
// history, the activity log and the webhooks. Limited per link and per client address, counted
// in the database so every instance agrees.

const HOUR = 3600;

/** How the team reads a visitor's name wherever the author of an action is shown. */
export const viaLink = (name: string) => `via link: ${name}`;

/** The link behind a token when its visitors may sign off: 404 as for any dead link, 403 when its maker turned sign-off off. */
export async function signOffLink(token: string): Promise<ShareRecord> {
  const share = await activeShareByToken(token);
  if (!share.signOff) throw new AppError("forbidden", "Approving and commenting are turned off for this link.");
  return share;
}

const overLimit = (words: string, seconds: number) =>
  new AppError("rate_limited", `${words} ${tryAgainIn(seconds)}`, { retryAfter: seconds });

/** Counts one sign-off against the address and the link; 429 with Retry-After beyond either limit. */
export async function assertSignOffRate(share: ShareRecord, address: string | null): Promise<void> {
  const limits = env();
  if (address) {
    const hit = await countHit(`sign-off:address:${address}`, HOUR);
    if (hit.hits > limits.SHARE_SIGN_OFF_PER_ADDRESS_HOUR) {
      throw overLimit("Too many approvals and comments from your network this hour.", hit.secondsLeft);
    }
  }
  const hit = await countHit(`sign-off:link:${share.id}`, HOUR);
  if (hit.hits > limits.SHARE_SIGN_OFF_PER_LINK_HOUR) {
    throw overLimit("This link has had too many approvals and comments this hour.", hit.secondsLeft);
  }
}

/** Records the visitor's approval or comment on an image the link shows (404 for any other). */
export async function signOffViaLink(
  share: ShareRecord,
  input: LinkSignOffInput,
  address: string | null,
): Promise<LinkSignOff> {
  const shot = await sharedShot(share, input.prediction_id, input.image_index);
  const event = await recordReview({
    predictionId: shot.id,
    imageIndex: input.image_index,
    action: input.action,
    comment: input.action === "comment" ? input.comment : null,
    visitor: { name: input.name, shareId: share.id },
  });
  await recordAudit({
    actor: null,
    actorEmail: viaLink(input.name),
    action: "review.via_link",
    productId: shot.product_id,
    predictionId: shot.id,
    detail: { review: input.action, image: input.image_index, shareId: share.id, title: share.title },
    ip: address,
  });
  await trackReview(shot, event, { email: viaLink(input.name) });
  return { prediction_id: shot.id, image_index: input.image_index, action: input.action, name: input.name };
}
