import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  createWebhookSchema,
  enableWebhookSchema,
  markReadSchema,
  notificationSettingsSchema,
} from "@/lib/schemas/notify";
import { eventsQuerySchema } from "@/lib/schemas/events";
import { pushSubscriptionSchema, removePushSubscriptionSchema } from "@/lib/schemas/push";
import { createPresetSchema, presetListQuerySchema, promptHistoryQuerySchema } from "@/lib/schemas/prompt";
import {
  notificationList,
  notificationSettings,
  promptHistory,
  promptPreset,
  pushKey,
  webhookView,
} from "../answers/misc";
import { jsonAnswer, noContent, operation, pathParams } from "../operation";

// Prompts (my history, the team's presets), notifications, their settings and the team's webhooks.

export const teamPaths: ZodOpenApiPathsObject = {
  "/api/prompts/history": {
    get: operation({
      tag: "Prompts",
      access: "view",
      summary: "My recent prompts, newest first",
      query: promptHistoryQuerySchema,
      answers: { "200": jsonAnswer("The prompts.", promptHistory) },
    }),
  },
  "/api/prompts/presets": {
    get: operation({
      tag: "Prompts",
      access: "view",
      summary: "The team's saved prompts",
      query: presetListQuerySchema,
      answers: { "200": jsonAnswer("The presets.", z.object({ items: z.array(promptPreset) })) },
    }),
    post: operation({
      tag: "Prompts",
      access: "create",
      summary: "Save a prompt for the team",
      json: createPresetSchema,
      answers: { "201": jsonAnswer("Saved.", promptPreset) },
      errors: [409],
    }),
  },
  "/api/prompts/presets/{id}": {
    delete: operation({
      tag: "Prompts",
      access: "create",
      summary: "Remove a saved prompt (its author or an admin)",
      path: pathParams("id"),
      answers: { "204": noContent },
      errors: [404],
    }),
  },
  "/api/notifications": {
    get: operation({
      tag: "Notifications",
      access: "view",
      summary: "My recent notifications",
      answers: { "200": jsonAnswer("The notifications.", notificationList) },
    }),
  },
  "/api/events": {
    get: operation({
      tag: "Notifications",
      access: "view",
      summary: "My live updates (Server-Sent Events)",
      description:
        "A stream that stays open: `ready` first (its `id` is where a reconnect resumes), then each change the " +
        "person may see — `shots.ready`, `training.finished`, `review.changed`, `campaign.changed`, " +
        "`notification` — with its JSON in `data` and the event's `id`. A reconnect with the `Last-Event-ID` " +
        "header (or `last_event_id`) is sent what it missed, or one `reload` when that was too much. A comment " +
        "every 15 s keeps proxies from closing it. Too many streams open: 429.",
      query: eventsQuerySchema,
      answers: {
        "200": {
          description: "The event stream (never ends by itself).",
          content: { "text/event-stream": { schema: z.string() } },
        },
      },
      errors: [400, 429, 503],
    }),
  },
  "/api/notifications/read": {
    post: operation({
      tag: "Notifications",
      access: "view",
      summary: "Mark notifications read (all when `ids` is left out)",
      json: markReadSchema,
      answers: { "200": jsonAnswer("The notifications now.", notificationList) },
    }),
  },
  "/api/settings/notifications": {
    get: operation({
      tag: "Notifications",
      access: "view",
      summary: "Which emails I get",
      answers: { "200": jsonAnswer("My settings.", notificationSettings) },
    }),
    put: operation({
      tag: "Notifications",
      access: "view",
      summary: "Choose which emails I get",
      json: notificationSettingsSchema,
      answers: { "200": jsonAnswer("My settings now.", notificationSettings) },
    }),
  },
  "/api/push/key": {
    get: operation({
      tag: "Notifications",
      access: "view",
      summary: "The public key this installation's pushes are signed with",
      description: "Pass it as `applicationServerKey` to the browser's `PushManager.subscribe`.",
      answers: { "200": jsonAnswer("The key.", pushKey) },
    }),
  },
  "/api/push/subscriptions": {
    post: operation({
      tag: "Notifications",
      access: "view",
      summary: "Send my notifications to this device too",
      description:
        "The body is the browser's `PushSubscription.toJSON()`. The push service's address must be a public https:// address. The same choices as my emails decide what is sent.",
      json: pushSubscriptionSchema,
      answers: { "204": noContent },
      errors: [413],
    }),
    delete: operation({
      tag: "Notifications",
      access: "view",
      summary: "Stop sending my notifications to this device",
      json: removePushSubscriptionSchema,
      answers: { "204": noContent },
      errors: [413],
    }),
  },
  "/api/webhooks": {
    get: operation({
      tag: "Webhooks",
      access: "manage_users",
      summary: "The team's webhooks",
      answers: { "200": jsonAnswer("The webhooks.", z.array(webhookView)) },
    }),
    post: operation({
      tag: "Webhooks",
      access: "manage_users",
      summary: "Add a webhook",
      description: "Its signing secret is answered this once.",
      json: createWebhookSchema,
      answers: { "201": jsonAnswer("Added.", webhookView.extend({ secret: z.string() })) },
    }),
  },
  "/api/webhooks/{id}": {
    patch: operation({
      tag: "Webhooks",
      access: "manage_users",
      summary: "Turn a webhook back on",
      path: pathParams("id"),
      json: enableWebhookSchema,
      answers: { "200": jsonAnswer("The webhook now.", webhookView) },
      errors: [404],
    }),
    delete: operation({
      tag: "Webhooks",
      access: "manage_users",
      summary: "Remove a webhook",
      path: pathParams("id"),
      answers: { "204": noContent },
      errors: [404],
    }),
  },
};
