import "server-only";
import { Gauge, type Registry } from "prom-client";
import { CREATE_PACE } from "@/lib/db/engine-state";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";

// The installation's state, read from the database when Prometheus scrapes: one small query per
// gauge (most on a partial index), so a scrape costs the same however long the app has run. A
// query that fails or takes too long leaves its gauge at NaN and the rest of the scrape stands.

const QUERY_TIMEOUT_MS = 2_000;
const OPEN_JOB_STATES = ["waiting_training", "queued", "sending", "unknown", "generating"] as const;
const CHANNELS = ["email", "webhook", "push"] as const;

async function rows<T>(sql: string): Promise<T[]> {
  const db = await getDb();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${QUERY_TIMEOUT_MS} ms`)), QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.query<T>(sql), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function gauge<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (g: Gauge<L>) => Promise<void>,
): void {
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      try {
        await read(this);
      } catch (error) {
        if (labelNames.length === 0) this.set(Number.NaN);
        log.warn(
          { metric: name, err: error instanceof Error ? error.message : String(error) },
          "a metric could not be read",
        );
      }
    },
  });
}

const number = (value: unknown) => (value === null || value === undefined ? Number.NaN : Number(value));

function register(registry: Registry): void {
  gauge(
    registry,
    "studio_prediction_index_reconcile_age_seconds",
    "Seconds since the gallery's index last read the service's whole list (NaN before the first read)",
    [],
    async (g) => {
      const [row] = await rows<{ age: unknown }>(
        "SELECT extract(epoch FROM now() - reconciled_at) AS age FROM prediction_index_state WHERE id = 1",
      );
      g.set(number(row?.age));
    },
  );
  gauge(
    registry,
    "studio_watcher_lag_seconds",
    "How late the watcher is: seconds since the oldest due training or prediction check was due (0 when none is overdue)",
    [],
    async (g) => {
      const [row] = await rows<{ lag: unknown }>(
        `SELECT COALESCE(extract(epoch FROM now() - min(next_check_at)), 0) AS lag
       FROM watch_items WHERE finished_at IS NULL AND gave_up_at IS NULL AND next_check_at <= now()`,
      );
      g.set(Math.max(0, number(row?.lag)));
    },
  );
  gauge(
    registry,
    "studio_outbox_depth",
    "Emails, webhook calls and pushes to devices not yet delivered (and not given up), by channel",
    ["channel"] as const,
    async (g) => {
      const found = await rows<{ channel: string; n: number }>(
        "SELECT channel, count(*)::int AS n FROM deliveries WHERE delivered_at IS NULL AND failed_at IS NULL GROUP BY channel",
      );
      for (const channel of CHANNELS) g.set({ channel }, found.find((r) => r.channel === channel)?.n ?? 0);
    },
  );
  gauge(
    registry,
    "studio_shot_jobs",
    "The shot engine's queue: shots not yet finished, by state",
    ["state"] as const,
    async (g) => {
      const found = await rows<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM shot_jobs WHERE state IN (${OPEN_JOB_STATES.map((s) => `'${s}'`).join(", ")}) GROUP BY state`,
      );
      for (const state of OPEN_JOB_STATES) g.set({ state }, found.find((r) => r.state === state)?.n ?? 0);
    },
  );
  gauge(
    registry,
    "studio_campaigns_open",
    "Campaigns neither finished nor cancelled (paused ones included)",
    [],
    async (g) => {
      const [row] = await rows<{ n: number }>(
        "SELECT count(*)::int AS n FROM campaigns WHERE kind = 'campaign' AND finished_at IS NULL AND cancelled_at IS NULL",
      );
      g.set(number(row?.n));
    },
  );
  gauge(
    registry,
    "studio_create_pace_rate",
    "The prediction creates per second the shot engine has learned the service allows (NaN before the first create)",
    [],
    async (g) => {
      const pace = await createPace();
      g.set(typeof pace?.rate === "number" ? pace.rate : Number.NaN);
    },
  );
  gauge(
    registry,
    "studio_create_pace_blocked",
    "1 while the shot engine waits out a 429 or an unreachable service before sending again, else 0",
    [],
    async (g) => {
      const pace = await createPace();
      g.set(typeof pace?.blockedUntil === "number" && pace.blockedUntil > Date.now() ? 1 : 0);
    },
  );
}

async function createPace(): Promise<{ rate?: unknown; blockedUntil?: unknown } | null> {
  const [row] = await rows<{ state: unknown }>(`SELECT state FROM engine_state WHERE name = '${CREATE_PACE}'`);
  const state = typeof row?.state === "string" ? (JSON.parse(row.state) as unknown) : row?.state;
  return state && typeof state === "object" ? (state as { rate?: unknown; blockedUntil?: unknown }) : null;
}

const holder = globalThis as typeof globalThis & { __productStudioDbGauges?: Registry };

/** Adds the database's gauges to `registry`, once per process. */
export function registerDatabaseGauges(registry: Registry): void {
  if (holder.__productStudioDbGauges === registry) return;
  holder.__productStudioDbGauges = registry;
  register(registry);
}
