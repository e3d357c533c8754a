import "server-only";
import type { Db } from "@/lib/db/client";
import { getProductRecord } from "@/lib/db/products";
import { OUTSIDE_PRODUCT } from "@/lib/words/product-name";
import type { WebhookEvent } from "@/lib/schemas/notify";
import type { SessionUser } from "@/lib/types";
import {
  budgetNear,
  campaignFinished,
  campaignResumed,
  reviewDigest,
  shotReviewed,
  trainingFinished,
  type Message,
} from "./messages";
import { addNotification } from "./notifications";
import { queueEmail, queuePushes, queueWebhook } from "./outbox";
import { settingsFor, type NotificationSettings } from "./settings";
import type { WatchItem } from "./watch-items";
import { webhooksFor } from "./webhooks";

// Turns a finding into what people are told: a line in the bell, an email and a push to each of
// their devices (by the person's choice), and a call to each team webhook that asked for the
// event. An event is claimed once in `notify_events`, so it is told once even if noticed twice.

export async function claim(db: Db, key: string): Promise<boolean> {
  const rows = await db.query(
    "INSERT INTO notify_events (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key",
    [key],
  );
  return rows.length > 0;
}

export async function activeUser(db: Db, id: string | null): Promise<SessionUser | null> {
  if (!id) return null;
  const [row] = await db.query<SessionUser>("SELECT id, email, role FROM users WHERE id = $1 AND disabled_at IS NULL", [
    id,
  ]);
  return row ?? null;
}

export async function tell(
  db: Db,
  key: string,
  recipient: SessionUser | null,
  message: Message,
  email: { wants: (s: NotificationSettings) => boolean; thumbnailSrc?: string | null },
  webhook: { event: WebhookEvent; body: Record<string, unknown> } | null,
  now: Date,
): Promise<void> {
  if (recipient) {
    await addNotification(db, {
      userId: recipient.id,
      event: key.split(":")[0],
      title: message.title,
      body: message.line,
      link: message.path,
    });
    // A push to each device the person turned on, by the same choice as the email.
    if (email.wants(await settingsFor(db, recipient))) {
      await queuePushes(db, recipient.id, key, { title: message.title, body: message.line, url: message.path }, now);
      await queueEmail(
        db,
        key,
        {
          to: recipient.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          thumbnailSrc: email.thumbnailSrc,
        },
        now,
      );
    }
  }
  if (webhook) {
    for (const target of await webhooksFor(db, webhook.event)) {
      await queueWebhook(db, target.id, key, { event: webhook.event, body: webhook.body }, now);
    }
  }
}

export async function productNamed(id: string): Promise<{ id: string; name: string }> {
  const record = await getProductRecord(id);
  return { id, name: record?.name ?? OUTSIDE_PRODUCT };
}

export async function announceTrainingFinished(db: Db, item: WatchItem, now = new Date()): Promise<void> {
  const key = `training:${item.productId}:${item.startedAt.toISOString()}`;
  if (!(await claim(db, key))) return;
  const product = await productNamed(item.productId);
  const message = trainingFinished(product);
  await tell(
    db,
    key,
    await activeUser(db, item.userId),
    message,
    { wants: (s) => s.email_training },
    {
      event: "training.finished",
      body: {
        event: "training.finished",
        text: message.chat,
        product: { ...product, url: message.url },
        occurred_at: now.toISOString(),
      },
    },
    now,
  );
}

/** A review action that teams follow: approve and reject go to the webhooks that asked. */
export async function announceReview(
  db: Db,
  input: {
    eventId: string;
    predictionId: string;
    productId: string;
    prompt: string;
    imageIndex: number;
    status: "approved" | "rejected";
    by: string;
  },
  now = new Date(),
): Promise<void> {
  const event: WebhookEvent = input.status === "approved" ? "shot.approved" : "shot.rejected";
  const key = `review:${input.eventId}`;
  const targets = await webhooksFor(db, event);
  if (targets.length === 0 || !(await claim(db, key))) return;
  const record = await getProductRecord(input.productId);
  const product = { id: input.productId, name: record?.name ?? null };
  const words = shotReviewed(product, { id: input.predictionId, prompt: input.prompt }, input.status, input.by);
  const body = {
    event,
    text: words.text,
    product,
    prediction: { id: input.predictionId, prompt: input.prompt, url: words.url },
    image_index: input.imageIndex,
    by: input.by,
    occurred_at: now.toISOString(),
  };
  for (const target of targets) await queueWebhook(db, target.id, key, { event, body }, now);
}

/** The daily digest of one person, once per their local day, only when images await review. */
export async function announceDigest(
  db: Db,
  user: { id: string },
  localDay: string,
  awaiting: number,
  now = new Date(),
): Promise<boolean> {
  if (awaiting <= 0) return false;
  const recipient = await activeUser(db, user.id);
  const key = `digest:${user.id}:${localDay}`;
  if (!recipient || !(await claim(db, key))) return false;
  await tell(db, key, recipient, reviewDigest(awaiting), { wants: (s) => s.email_digest }, null, now);
  return true;
}

/** A campaign came to its end: its author is told once (bell, email by their choice), and the webhooks that asked. */
export async function announceCampaignFinished(
  db: Db,
  campaign: { id: string; name: string; createdBy: string | null },
  counts: { total: number; done: number; failed: number; cancelled: number },
  now = new Date(),
): Promise<void> {
  const key = `campaign:${campaign.id}`;
  if (!(await claim(db, key))) return;
  const message = campaignFinished(campaign, counts);
  await tell(
    db,
    key,
    await activeUser(db, campaign.createdBy),
    message,
    { wants: (s) => s.email_shots },
    {
      event: "campaign.finished",
      body: {
        event: "campaign.finished",
        text: message.chat,
        campaign: { id: campaign.id, name: campaign.name, url: message.url },
        counts: { total: counts.total, ready: counts.done, failed: counts.failed, cancelled: counts.cancelled },
        occurred_at: now.toISOString(),
      },
    },
    now,
  );
}

/**
 * A monthly budget crossed 80 %: told once per budget and month (bell, and email by the same
 * choice as the shots' or trainings' own emails) to the person whose budget it is and to every admin.
 */
export async function announceBudgetNear(
  db: Db,
  budget: {
    personId: string | null;
    kind: "shots" | "trainings";
    used: number;
    limit: number;
    month: string;
    resets: string;
  },
  now = new Date(),
): Promise<void> {
  const key = `budget:${budget.personId ?? "team"}:${budget.kind}:${budget.month}`;
  if (!(await claim(db, key))) return;
  const person = await activeUser(db, budget.personId);
  const admins = await db.query<SessionUser>(
    "SELECT id, email, role FROM users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY email",
  );
  const wants = (s: NotificationSettings) => (budget.kind === "shots" ? s.email_shots : s.email_training);
  const recipients = [...(person ? [person] : []), ...admins.filter((a) => a.id !== person?.id)];
  for (const recipient of recipients) {
    const whose = !budget.personId
      ? "The team has used"
      : recipient.id === person?.id
        ? "You have used"
        : `${person?.email ?? "Someone"} has used`;
    // One key per recipient: the outbox sends one email per key.
    await tell(
      db,
      `${key}:${recipient.id}`,
      recipient,
      budgetNear(whose, budget.kind, budget.used, budget.limit, budget.resets),
      { wants },
      null,
      now,
    );
  }
}

/** A campaign paused by a budget went on by itself: its author is told once per pause (bell, email by their choice). */
export async function announceCampaignResumed(
  db: Db,
  campaign: { id: string; name: string; createdBy: string | null },
  now = new Date(),
): Promise<void> {
  // One resume per campaign at a time: the database let only one instance resume it at `now`.
  const key = `campaign-resumed:${campaign.id}:${now.toISOString()}`;
  if (!(await claim(db, key))) return;
  const recipient = await activeUser(db, campaign.createdBy);
  if (!recipient) return;
  await tell(db, key, recipient, campaignResumed(campaign), { wants: (s) => s.email_shots }, null, now);
}
