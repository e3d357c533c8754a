import { z } from "zod";
import type { PasswordSignInView, PromptHistoryItem, PromptPreset } from "@/lib/api-types";
import type { NotificationList, NotificationSettingsView, PushKeyView, WebhookView } from "@/lib/api-types";
import { WEBHOOK_EVENTS } from "@/lib/schemas/notify";
import { isoTime, nextCursor } from "./common";
import { shaped } from "./shaped";

export const notificationList = shaped<NotificationList>()(
  z
    .object({
      items: z.array(
        z.object({
          id: z.number().int(),
          event: z.string(),
          title: z.string(),
          body: z.string(),
          link: z.string(),
          created_at: isoTime,
          read: z.boolean(),
        }),
      ),
      unread: z.number().int(),
    })
    .meta({ id: "NotificationList" }),
);

export const notificationSettings = shaped<NotificationSettingsView>()(
  z
    .object({
      email_training: z.boolean(),
      email_shots: z.boolean(),
      email_digest: z.boolean(),
      digest_hour: z.number().int(),
      time_zone: z.string(),
      email_configured: z.boolean(),
    })
    .meta({ id: "NotificationSettings" }),
);

export const pushKey = shaped<PushKeyView>()(
  z
    .object({ public_key: z.string().meta({ description: "The VAPID public key, base64url (65 bytes)." }) })
    .meta({ id: "PushKey" }),
);

export const webhookView = shaped<WebhookView>()(
  z
    .object({
      id: z.string(),
      url_hint: z.string(),
      events: z.array(z.enum(WEBHOOK_EVENTS)),
      created_at: isoTime,
      disabled_at: isoTime.nullable(),
      disabled_reason: z.string().nullable(),
    })
    .meta({ id: "WebhookView" }),
);

export const passwordSignIn = shaped<PasswordSignInView>()(
  z
    .union([
      z.object({ mode: z.literal("everyone") }),
      z.object({ mode: z.literal("break_glass"), admin: z.object({ id: z.string(), email: z.string() }).nullable() }),
    ])
    .meta({ id: "PasswordSignIn" }),
);

export const promptHistory = z
  .object({
    items: z.array(
      shaped<PromptHistoryItem>()(
        z.object({
          prompt: z.string(),
          uses: z.number().int(),
          last_used_at: isoTime,
          product_id: z.string(),
          aspect_ratio: z.string(),
          template_id: z.string().nullable(),
        }),
      ),
    ),
  })
  .meta({ id: "PromptHistory" });

export const promptPreset = shaped<PromptPreset>()(
  z
    .object({
      id: z.string(),
      template_id: z.string(),
      name: z.string(),
      prompt: z.string(),
      aspect_ratio: z.string().nullable(),
      created_by: z.string().nullable(),
      created_by_email: z.string().nullable(),
      created_at: isoTime,
    })
    .meta({ id: "PromptPreset" }),
);

export const auditPage = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        at: isoTime,
        actor: z.object({ id: z.string().nullable(), email: z.string() }),
        action: z.string(),
        words: z.string(),
        product: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
        prediction: z.object({ id: z.string(), prompt: z.string().nullable() }).nullable(),
        target_email: z.string().nullable(),
        detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      }),
    ),
    next_cursor: nextCursor,
  })
  .meta({ id: "AuditPage" });
