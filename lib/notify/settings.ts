import "server-only";
import type { Db } from "@/lib/db/client";
import type { NotificationSettingsInput } from "@/lib/schemas/notify";
import type { Role } from "@/lib/types";

// Each person's email choices. Without a row the defaults hold: training and shots emails on,
// the daily digest on for reviewers, at 9 in UTC until the person saves their own time zone.

export type NotificationSettings = NotificationSettingsInput;

interface Row {
  email_training: boolean;
  email_shots: boolean;
  email_digest: boolean | null;
  digest_hour: number;
  time_zone: string;
}

const digestDefault = (role: Role) => role === "reviewer";

export async function settingsFor(db: Db, user: { id: string; role: Role }): Promise<NotificationSettings> {
  const [row] = await db.query<Row>(
    "SELECT email_training, email_shots, email_digest, digest_hour, time_zone FROM notification_settings WHERE user_id = $1",
    [user.id],
  );
  return {
    email_training: row?.email_training ?? true,
    email_shots: row?.email_shots ?? true,
    email_digest: row?.email_digest ?? digestDefault(user.role),
    digest_hour: row?.digest_hour ?? 9,
    time_zone: row?.time_zone ?? "UTC",
  };
}

export async function saveSettings(db: Db, userId: string, input: NotificationSettings): Promise<void> {
  await db.query(
    `INSERT INTO notification_settings (user_id, email_training, email_shots, email_digest, digest_hour, time_zone, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (user_id) DO UPDATE SET email_training = $2, email_shots = $3, email_digest = $4,
       digest_hour = $5, time_zone = $6, updated_at = now()`,
    [userId, input.email_training, input.email_shots, input.email_digest, input.digest_hour, input.time_zone],
  );
}

export interface DigestRecipient {
  id: string;
  email: string;
  hour: number;
  timeZone: string;
}

/** Everyone active who gets the digest, by their own choice or their role's default. */
export async function digestRecipients(db: Db): Promise<DigestRecipient[]> {
  const rows = await db.query<{ id: string; email: string; digest_hour: number | null; time_zone: string | null }>(
    `SELECT u.id, u.email, s.digest_hour, s.time_zone FROM users u
     LEFT JOIN notification_settings s ON s.user_id = u.id
     WHERE u.disabled_at IS NULL AND COALESCE(s.email_digest, u.role = 'reviewer')`,
  );
  return rows.map((r) => ({ id: r.id, email: r.email, hour: r.digest_hour ?? 9, timeZone: r.time_zone ?? "UTC" }));
}
