import "server-only";
import type { Db } from "@/lib/db/client";
import type { LiveEvent } from "@/lib/api-types";
import { log } from "@/lib/log";
import { EVENTS_CHANNEL, wakeThisInstance } from "./hub";

// The one way to tell open pages something: a row in `events` (its id is the stream's event id,
// so a page that reconnects can ask for what it missed), then a wake-up for every instance's
// streams. With PostgreSQL, NOTIFY reaches every instance's listening connection (sent at commit
// when called inside a transaction); this instance is woken directly as well, so its own pages do
// not wait on that connection. With PGlite there is one process: waking it is enough.

/** Who may see an event: everyone signed in, or one person. */
export type Audience = "everyone" | { userId: string };

type Published = Exclude<LiveEvent, { kind: "ready" } | { kind: "reload" }>;

/** Events are kept this long, and at most KEEP_ROWS of them: a page gone longer loads again. */
export const KEEP_MS = 60 * 60_000;
export const KEEP_ROWS = 10_000;
const PRUNE_EVERY_MS = 60_000;

const holder = globalThis as typeof globalThis & { __productStudioEventsPrunedAt?: number };

export async function publishEvent(db: Db, event: Published, audience: Audience = "everyone"): Promise<number> {
  const { kind, ...payload } = event;
  const userId = audience === "everyone" ? null : audience.userId;
  const insert = "INSERT INTO events (kind, payload, user_id) VALUES ($1, $2::jsonb, $3) RETURNING id";
  const sql =
    db.kind === "postgres"
      ? `WITH e AS (${insert}) SELECT id, pg_notify('${EVENTS_CHANNEL}', id::text) FROM e`
      : insert;
  const [row] = await db.query<{ id: string | number }>(sql, [kind, JSON.stringify(payload), userId]);
  wakeThisInstance();
  await pruneNowAndThen(db);
  return Number(row.id);
}

/**
 * Publishes without ever failing the caller: an event is a courtesy to open pages (they poll
 * while the stream is down), never a reason to fail the write that caused it.
 */
export async function tellOpenPages(db: Db, event: Published, audience: Audience = "everyone"): Promise<void> {
  await publishEvent(db, event, audience).catch((error: unknown) =>
    log.warn({ err: error, kind: event.kind }, "an event for open pages could not be recorded"),
  );
}

/** At most once a minute per instance: the last hour, and no more than KEEP_ROWS rows. */
async function pruneNowAndThen(db: Db, now = Date.now()): Promise<void> {
  if (now - (holder.__productStudioEventsPrunedAt ?? 0) < PRUNE_EVERY_MS) return;
  holder.__productStudioEventsPrunedAt = now;
  await pruneEvents(db, new Date(now));
}

export async function pruneEvents(db: Db, now: Date, keepRows = KEEP_ROWS): Promise<void> {
  await db.query(`DELETE FROM events WHERE created_at < $1 OR id <= (SELECT max(id) FROM events) - $2`, [
    new Date(now.getTime() - KEEP_MS).toISOString(),
    keepRows,
  ]);
}
