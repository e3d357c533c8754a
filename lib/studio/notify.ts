import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { getDb } from "@/lib/db/client";
import { emailConfigured } from "@/lib/notify/mailer";
import { markRead, recentNotifications } from "@/lib/notify/notifications";
import { saveSettings, settingsFor } from "@/lib/notify/settings";
import type { NotificationList, NotificationSettingsView, WebhookView } from "@/lib/api-types";
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

export async function saveMySettings(
  user: SessionUser,
  input: NotificationSettingsInput,
): Promise<NotificationSettingsView> {
  await saveSettings(await getDb(), user.id, input);
  return mySettings(user);
}

export async function teamWebhooks(): Promise<WebhookView[]> {
  return listWebhooks(await getDb());
}

// The audit log names a webhook by its id and shortened address: the full URL of a chat webhook
// carries the channel's token, and the signing secret is never written anywhere but its row.
const auditDetail = (webhook: Pick<WebhookView, "id" | "url_hint">) => ({
  webhookId: webhook.id,
  url: webhook.url_hint,
});

export async function addTeamWebhook(input: CreateWebhookInput, user: SessionUser) {
  const made = await createWebhook(await getDb(), input, user.id);
  await recordAudit({
    actor: user,
    action: "webhook.created",
    detail: { ...auditDetail(made.webhook), events: made.webhook.events.join(", ") },
  });
  return made;
}

export async function removeTeamWebhook(id: string, user: SessionUser): Promise<void> {
  const { url_hint } = await deleteWebhook(await getDb(), id);
  await recordAudit({ actor: user, action: "webhook.deleted", detail: auditDetail({ id, url_hint }) });
}

export async function turnWebhookOn(id: string, user: SessionUser): Promise<WebhookView> {
  const webhook = await enableWebhook(await getDb(), id);
  await recordAudit({ actor: user, action: "webhook.enabled", detail: auditDetail(webhook) });
  return webhook;
}
