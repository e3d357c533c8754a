import "server-only";
import pg from "pg";
import { log } from "@/lib/log";

// The instance's one LISTEN connection (PostgreSQL): a client of its own, outside the pool, as a
// pooled client would be handed to queries. A lost connection is opened again after a pause that
// grows to MAX_PAUSE_MS; `onWake` runs at each (re)connection too, since notifications sent
// while it was down are not kept by the server.

const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 10_000;
const CONNECT_TIMEOUT_MS = 3_000;

export interface Listening {
  close(): Promise<void>;
}

export function listenForEvents(databaseUrl: string, channel: string, onWake: () => void): Listening {
  let client: pg.Client | null = null;
  let closed = false;
  let pause = FIRST_PAUSE_MS;
  let timer: NodeJS.Timeout | null = null;

  const retry = (error: unknown) => {
    if (closed || timer) return;
    log.warn({ err: error, retryInMs: pause }, "the events' listening connection was lost; connecting again");
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, pause);
    timer.unref();
    pause = Math.min(MAX_PAUSE_MS, pause * 2);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client = next;
    next.on("error", (error) => {
      if (client === next) retry(error);
    });
    next.on("end", () => {
      if (client === next) retry(new Error("connection ended"));
    });
    next.on("notification", () => onWake());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) return void (await next.end().catch(() => undefined));
      pause = FIRST_PAUSE_MS;
      onWake();
    } catch (error) {
      if (client === next) retry(error);
    }
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
