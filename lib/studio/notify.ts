import "server-only";
import { getDb } from "@/lib/db/client";
import { emailConfigured } from "@/lib/notify/mailer";
import { markRead, recentNotifications } from "@/lib/notify/notifications";
import { saveSettings, settingsFor } from "@/lib/notify/settings";
import type { NotificationList, NotificationSettingsView, WebhookView } from "@/lib/notify/views";
import { createWebhook, deleteWebhook, enableWebhook, listWebhooks } from "@/lib/notify/webhooks";
import type { CreateWebhookInput, NotificationSettingsInput } from "@/lib/schemas/notify";
import type { SessionUser } from "@/lib/types";

// The notification use cases behind /api/notifications, /api/settings/notifications and
// /api/webhooks.

export async function myNotifications(user: SessionUser): Promise<NotificationList> {
  return recentNotifications(await getDb(), user.id);
}

export async function markMyNotificationsRead(user: SessionUser, ids?: number[]): Promise<NotificationList> {
  const db = await getDb();
  await markRead(db, user.id, ids);
  return recentNotifications(db, user.id);
}

export async function mySettings(user: SessionUser): Promise<NotificationSettingsView> {
  return { ...(await settingsFor(await getDb(), user)), email_configured: emailConfigured() };
}

export async function saveMySettings(user: SessionUser, input: NotificationSettingsInput): Promise<NotificationSettingsView> {
  await saveSettings(await getDb(), user.id, input);
  return mySettings(user);
}

export async function teamWebhooks(): Promise<WebhookView[]> {
  return listWebhooks(await getDb());
}

export async function addTeamWebhook(input: CreateWebhookInput, user: SessionUser) {
  return createWebhook(await getDb(), input, user.id);
}

export async function removeTeamWebhook(id: string): Promise<void> {
  await deleteWebhook(await getDb(), id);
}

export async function turnWebhookOn(id: string): Promise<WebhookView> {
  return enableWebhook(await getDb(), id);
}
