import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "./client";

// Uploads in progress per person, as rows with an expiry (migration 60): two instances behind one
// load balancer count the same uploads, and a crashed upload frees its slot when the row expires.

/** Takes one of the person's `max` upload slots; null when all are taken. */
export async function takeUploadSlot(userId: string, max: number, ttlMs: number): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One person's concurrent requests queue here, so two cannot both see a free slot.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`upload-slots:${userId}`]);
    await tx.query("DELETE FROM upload_slots WHERE user_id = $1 AND expires_at < now()", [userId]);
    const [{ taken }] = await tx.query<{ taken: number }>(
      "SELECT count(*)::int AS taken FROM upload_slots WHERE user_id = $1",
      [userId],
    );
    if (taken >= max) return null;
    const id = randomUUID();
    await tx.query(
      "INSERT INTO upload_slots (id, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')",
      [id, userId, ttlMs],
    );
    return id;
  });
}

export async function releaseUploadSlot(id: string): Promise<void> {
  const db = await getDb();
  await db.query("DELETE FROM upload_slots WHERE id = $1", [id]);
}
