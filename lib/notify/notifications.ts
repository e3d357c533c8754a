import "server-only";
import type { Db } from "@/lib/db/client";
import type { NotificationList } from "@/lib/api-types";
import { tellOpenPages } from "@/lib/events/publish";

// The bell: the same events as the emails, kept per person so nothing depends on an open tab.

const KEEP = 50;

export async function addNotification(
  db: Db,
  input: { userId: string; event: string; title: string; body: string; link: string },
): Promise<void> {
  await db.query("INSERT INTO notifications (user_id, event, title, body, link) VALUES ($1, $2, $3, $4, $5)", [
    input.userId,
    input.event,
    input.title,
    input.body,
    input.link,
  ]);
  await tellOpenPages(db, { kind: "notification" }, { userId: input.userId });
}

export async function recentNotifications(db: Db, userId: string): Promise<NotificationList> {
  const rows = await db.query<{
    id: string | number;
    event: string;
    title: string;
    body: string;
    link: string;
    created_at: Date | string;
    read_at: Date | string | null;
  }>(
    `SELECT id, event, title, body, link, created_at, read_at FROM notifications
     WHERE user_id = $1 ORDER BY id DESC LIMIT ${KEEP}`,
    [userId],
  );
  const [count] = await db.query<{ unread: string | number }>(
    "SELECT count(*) AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL",
    [userId],
  );
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      event: r.event,
      title: r.title,
      body: r.body,
      link: r.link,
      created_at: new Date(r.created_at).toISOString(),
      read: r.read_at !== null,
    })),
    unread: Number(count?.unread ?? 0),
  };
}

/** Marks the given notifications of this person read, or all of them. */
export async function markRead(db: Db, userId: string, ids?: number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  if (ids) {
    await db.query(
      "UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL",
      [userId, ids],
    );
  } else {
    await db.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL", [userId]);
  }
}
