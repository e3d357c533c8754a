import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { listenForEvents, type Listening } from "./listener";

// One hub per instance: the streams open on this instance subscribe to it; it reads the new rows
// of `events` once per wake-up (not once per stream) and hands each to the streams whose person
// may see it. Woken by this process's own publishes and, with PostgreSQL, by one LISTEN
// connection per instance. Held on globalThis: route handlers and the watcher are bundled apart
// but run in one process.

export const EVENTS_CHANNEL = "studio_events";

export interface EventRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  user_id: string | null;
}

export interface Subscriber {
  userId: string;
  /** Every row with a greater id that this person may see is sent; the subscriber moves it on. */
  deliver(row: EventRow): void;
  /** The instance is shutting down: end the stream. */
  close(): void;
}

/** Rows read at once; a wake-up with more reads again at once. */
const READ_AT_ONCE = 500;
/** A missing id (a transaction not yet committed, or rolled back) is waited for this long. */
const GAP_WAIT_MS = 5_000;

interface HubState {
  subscribers: Set<Subscriber>;
  /** Every id up to here was handed out (or given up on). */
  floor: number | null;
  /** Ids above the floor already handed out. */
  handed: Set<number>;
  gapSince: number | null;
  reading: Promise<void> | null;
  again: boolean;
  listening: Listening | null;
  stopped: boolean;
}

const holder = globalThis as typeof globalThis & { __productStudioEventHub?: HubState };
const hub = (holder.__productStudioEventHub ??= {
  subscribers: new Set(),
  floor: null,
  handed: new Set(),
  gapSince: null,
  reading: null,
  again: false,
  listening: null,
  stopped: false,
});

export function subscriberCount(userId?: string): number {
  if (userId === undefined) return hub.subscribers.size;
  let count = 0;
  for (const s of hub.subscribers) if (s.userId === userId) count += 1;
  return count;
}

export function isStopped(): boolean {
  return hub.stopped;
}

/** Adds a stream; the first one starts this instance's listening connection. */
export async function subscribe(subscriber: Subscriber): Promise<() => void> {
  hub.subscribers.add(subscriber);
  const unsubscribe = () => void hub.subscribers.delete(subscriber);
  try {
    const db = await getDb();
    if (hub.floor === null) hub.floor = await newestId(db);
    startListening(db);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  return unsubscribe;
}

export async function newestId(db: Db): Promise<number> {
  const [row] = await db.query<{ id: string | number }>("SELECT coalesce(max(id), 0) AS id FROM events");
  return Number(row.id);
}

function startListening(db: Db): void {
  const url = env().DATABASE_URL;
  if (db.kind !== "postgres" || !url || hub.listening || hub.stopped) return;
  // Each (re)connection reads what came meanwhile: nothing missed while it was down.
  hub.listening = listenForEvents(url, EVENTS_CHANNEL, () => wakeThisInstance());
}

/** Something was published (here, or on another instance): read the new rows soon. */
export function wakeThisInstance(): void {
  if (hub.subscribers.size === 0 || hub.floor === null) return;
  if (hub.reading) {
    hub.again = true;
    return;
  }
  hub.reading = readNew()
    .catch((error: unknown) => log.warn({ err: error }, "new events could not be read; the next wake-up reads them"))
    .finally(() => {
      hub.reading = null;
      if (hub.again) {
        hub.again = false;
        wakeThisInstance();
      }
    });
}

async function readNew(): Promise<void> {
  const db = await getDb();
  const floor = hub.floor ?? 0;
  const rows = await db.query<EventRow & { id: string | number }>(
    `SELECT id, kind, payload, user_id FROM events WHERE id > $1 ORDER BY id LIMIT ${READ_AT_ONCE}`,
    [floor],
  );
  for (const raw of rows) {
    const row = { ...raw, id: Number(raw.id) };
    if (hub.handed.has(row.id)) continue;
    hub.handed.add(row.id);
    for (const subscriber of hub.subscribers) {
      if (row.user_id === null || row.user_id === subscriber.userId) subscriber.deliver(row);
    }
  }
  advanceFloor(Date.now());
  if (rows.length === READ_AT_ONCE) hub.again = true;
}

/**
 * Ids are handed out in the order rows were read; a row whose transaction commits after a later
 * one's still appears below it. The floor stops at such a gap for GAP_WAIT_MS, so the late row is
 * read when it comes, then moves past it (a rolled-back insert leaves a gap for ever).
 */
function advanceFloor(now: number): void {
  let floor = hub.floor ?? 0;
  for (;;) {
    while (hub.handed.delete(floor + 1)) floor += 1;
    if (hub.handed.size === 0) {
      hub.gapSince = null;
      break;
    }
    hub.gapSince ??= now;
    if (now - hub.gapSince < GAP_WAIT_MS) break;
    floor = Math.min(...hub.handed) - 1;
    hub.gapSince = null;
  }
  hub.floor = floor;
}

/** Shutdown: every stream ends (its page reconnects to another instance) and the listening stops. */
export async function stopLiveEvents(): Promise<void> {
  hub.stopped = true;
  for (const subscriber of [...hub.subscribers]) subscriber.close();
  hub.subscribers.clear();
  await hub.listening?.close();
  hub.listening = null;
}
