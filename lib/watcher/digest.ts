import "server-only";
import type { Db } from "@/lib/db/client";
import { awaitingReviewCount } from "@/lib/studio/reviews";
import { announceDigest } from "@/lib/notify/announce";
import { digestRecipients } from "@/lib/notify/settings";

// The daily digest: at the hour each person chose, in their own time zone, if any images await
// review. The claim in notify_events makes it once per local day whatever the rounds do.

/** The local calendar day and hour of `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

/** Sends the digests due at `now`; returns how many were sent. */
export async function sendDigests(db: Db, now: Date, awaiting: () => Promise<number> = awaitingReviewCount): Promise<number> {
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
