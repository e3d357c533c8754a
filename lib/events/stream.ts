import "server-only";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { LiveEvent } from "@/lib/api-types";
import type { SessionUser } from "@/lib/types";
import { isStopped, newestId, subscribe, subscriberCount, type EventRow } from "./hub";

// GET /api/events as a stream of Server-Sent Events for one person. It opens with `retry:` and a
// `ready` event whose id is where a reconnect resumes; a reconnect (Last-Event-ID) is first sent
// what it missed, read from the table, or one `reload` when that is more than REPLAY_AT_MOST or
// already pruned. A comment every `heartbeatMs` keeps proxies from closing an idle stream.

export const REPLAY_AT_MOST = 200;
/** The browser waits this long before reconnecting after the stream ends. */
export const RETRY_MS = 3_000;

/** The caps on open streams (one more is a 429) and the heartbeat's interval, from lib/env.ts. */
export interface StreamSettings {
  perPerson: number;
  perInstance: number;
  heartbeatMs: number;
}

const encoder = new TextEncoder();

function frame(id: number | null, event: LiveEvent): string {
  const { kind, ...data } = event;
  return `${id === null ? "" : `id: ${id}\n`}event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

const toEvent = (row: EventRow): LiveEvent => ({ ...row.payload, kind: row.kind }) as LiveEvent;

/** Refuses a stream past the caps with a 429 that says why, before anything is opened. */
export function assertRoomFor(user: SessionUser, limits: StreamSettings): void {
  if (isStopped())
    throw new AppError("service_unavailable", "Product Studio is restarting. Please try again in a moment.", {
      retryAfter: 2,
    });
  if (subscriberCount(user.id) >= limits.perPerson) {
    throw new AppError(
      "rate_limited",
      `You have ${limits.perPerson} pages open with live updates already. Close a tab or two; the others keep updating.`,
      { retryAfter: 30, errorName: "too_many_streams" },
    );
  }
  if (subscriberCount() >= limits.perInstance) {
    throw new AppError(
      "rate_limited",
      "This server has as many live pages open as it can hold. Please try again shortly.",
      {
        retryAfter: 30,
        errorName: "too_many_streams",
      },
    );
  }
}

export async function openEventStream(
  db: Db,
  user: SessionUser,
  lastEventId: number | null,
  signal: AbortSignal,
  settings: StreamSettings,
): Promise<Response> {
  assertRoomFor(user, settings);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let sentUpTo = 0;
  // Rows the hub hands over while the replay is read wait here, then go in order.
  let held: EventRow[] | null = [];
  let unsubscribe = () => {};
  let heartbeat: NodeJS.Timeout | null = null;

  const write = (text: string) => {
    if (!ended) controller.enqueue(encoder.encode(text));
  };
  const send = (row: EventRow) => {
    if (row.id <= sentUpTo) return;
    sentUpTo = row.id;
    write(frame(row.id, toEvent(row)));
  };
  const end = (closeIt: boolean) => {
    if (ended) return;
    ended = true;
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe();
    signal.removeEventListener("abort", onAbort);
    if (closeIt) controller.close();
  };
  const onAbort = () => end(true);

  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => end(false),
  });
  unsubscribe = await subscribe({
    userId: user.id,
    deliver: (row) => (held ? held.push(row) : send(row)),
    close: () => end(true),
  });
  signal.addEventListener("abort", onAbort);
  if (signal.aborted) end(false);

  write(`retry: ${RETRY_MS}\n: live updates for ${user.role}s\n\n`);
  let newest: number;
  try {
    newest = await newestId(db);
    if (lastEventId !== null) await replay(db, user, lastEventId, newest, write);
  } catch (error) {
    // The database away: no stream is left half-open; the answer says why (503).
    end(false);
    throw error;
  }
  sentUpTo = Math.max(sentUpTo, newest);
  write(frame(newest, { kind: "ready" }));
  for (const row of held) send(row);
  held = null;
  heartbeat = setInterval(() => write(": heartbeat\n\n"), settings.heartbeatMs);
  heartbeat.unref();

  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: no compression in between (it would hold the events back to fill a block).
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

/** What a reconnecting page missed, or one `reload` when it missed too much to be told. */
async function replay(
  db: Db,
  user: SessionUser,
  after: number,
  newest: number,
  write: (text: string) => void,
): Promise<void> {
  const [oldest] = await db.query<{ id: string | number | null }>("SELECT min(id) AS id FROM events");
  const pruned = after > newest || (oldest.id !== null && after < Number(oldest.id) - 1);
  const rows = pruned
    ? []
    : await db.query<EventRow & { id: string | number }>(
        `SELECT id, kind, payload, user_id FROM events
         WHERE id > $1 AND id <= $2 AND (user_id IS NULL OR user_id = $3) ORDER BY id LIMIT ${REPLAY_AT_MOST + 1}`,
        [after, newest, user.id],
      );
  if (pruned || rows.length > REPLAY_AT_MOST) {
    write(frame(newest, { kind: "reload" }));
    return;
  }
  for (const row of rows) write(frame(Number(row.id), toEvent({ ...row, id: Number(row.id) })));
}
