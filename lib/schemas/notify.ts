import { z } from "zod";

// Payloads of the notification settings and team webhooks, shared by the forms and the handlers.

export const WEBHOOK_EVENTS = [
  "training.finished",
  "shots.ready",
  "shot.approved",
  "shot.rejected",
  "campaign.finished",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_WORDS: Record<WebhookEvent, string> = {
  "training.finished": "Training finished",
  "shots.ready": "Shots ready",
  "shot.approved": "Shot approved",
  "shot.rejected": "Shot rejected",
  "campaign.finished": "Campaign finished",
};

export const notificationSettingsSchema = z.object({
  email_training: z.boolean(),
  email_shots: z.boolean(),
  email_digest: z.boolean(),
  digest_hour: z.number().int().min(0, "Choose an hour from 0 to 23").max(23, "Choose an hour from 0 to 23"),
  time_zone: z
    .string()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "That time zone is not known"),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

export const createWebhookSchema = z.object({
  url: z.string().trim().min(1, "Enter the webhook's address").max(2000, "That address is too long"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event"),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** PATCH /api/webhooks/{id}: a webhook turned off after failing is turned back on, and nothing else. */
export const enableWebhookSchema = z.object({
  enabled: z.literal(true, { message: "Send { enabled: true } to turn the webhook back on" }),
});

export const markReadSchema = z.object({
  ids: z.array(z.number().int().positive()).max(200).optional(),
});
