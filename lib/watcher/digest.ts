import "server-only";
import type { Db } from "@/lib/db/client";
import { localClock } from "@/lib/format";
import { awaitingReviewCount } from "@/lib/studio/reviews";
import { announceDigest } from "@/lib/notify/announce";
import { digestRecipients } from "@/lib/notify/settings";

// The daily digest: at the hour each person chose, in their own time zone, if any images await
// review. The claim in notify_events makes it once per local day whatever the rounds do.

/** Sends the digests due at `now`; returns how many were sent. */
export async function sendDigests(
  db: Db,
  now: Date,
  awaiting: () => Promise<number> = awaitingReviewCount,
): Promise<number> {
  const due = (await digestRecipients(db)).filter((r) => {
    const clock = localClock(now, r.timeZone);
    return clock.hour >= r.hour;
  });
  if (due.length === 0) return 0;
  const count = await awaiting();
  let sent = 0;
  for (const recipient of due) {
    if (await announceDigest(db, recipient, localClock(now, recipient.timeZone).day, count, now)) sent += 1;
  }
  return sent;
}
