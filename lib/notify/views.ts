// What the notification routes answer: client-safe types the hooks import.
import type { NotificationSettingsInput, WebhookEvent } from "@/lib/schemas/notify";

export interface NotificationView {
  id: number;
  event: string;
  title: string;
  body: string;
  /** A path inside the app. */
  link: string;
  created_at: string;
  read: boolean;
}

export interface NotificationList {
  items: NotificationView[];
  unread: number;
}

export type NotificationSettingsView = NotificationSettingsInput & {
  /** False when the server has no SMTP_URL: the page says email is not set up. */
  email_configured: boolean;
};

export interface WebhookView {
  id: string;
  /** Scheme, host and the start of the path: enough to recognise, not enough to post. */
  url_hint: string;
  events: WebhookEvent[];
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
}
