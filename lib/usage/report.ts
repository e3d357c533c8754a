import "server-only";
import { LRUCache } from "lru-cache";
import type { Db } from "@/lib/db/client";
import { isoDay } from "@/lib/format";
import type { SessionUser } from "@/lib/types";
import {
  TOP_ROWS,
  USAGE_DAYS,
  USAGE_DIMENSIONS,
  type DayCount,
  type GroupCount,
  type UsageDimension,
  type UsageReport,
} from "./dimensions";

// The usage page's numbers, counted by the database in one query per chart from `usage_units`
// (what was asked of the service), over the last 90 UTC days. Admins see everyone's; a person
// sees their own.

const DAY_MS = 86_400_000;

/**
 * Each dimension's key in `usage_units` (counted first, on that table alone) and the name people
 * read, looked up afterwards for the few keys counted rather than for every row.
 */
const GROUPING: Record<UsageDimension, { key: string; named: string }> = {
  person: {
    key: "u.user_id",
    named: "SELECT g.*, COALESCE(x.email, 'A deleted account') AS name FROM g LEFT JOIN users x ON x.id = g.key",
  },
  product: {
    key: "u.product_id",
    named: "SELECT g.*, COALESCE(x.name, g.key) AS name FROM g LEFT JOIN products x ON x.id = g.key",
  },
  template: {
    key: "u.template_id",
    named: `SELECT g.*, COALESCE((SELECT min(x.template_name) FROM products x WHERE x.template_id = g.key), 'Template ' || g.key, 'Unknown template') AS name FROM g`,
  },
  // A person's own shots travel as a one-off batch: only real campaigns are named here.
  campaign: {
    key: "u.campaign_id",
    named: `SELECT c.id AS key, sum(g.shots)::int AS shots, sum(g.trainings)::int AS trainings, COALESCE(min(c.name), 'Not in a campaign') AS name
              FROM g LEFT JOIN campaigns c ON c.id = g.key AND c.kind = 'campaign' GROUP BY c.id`,
  },
};

export function usageWindow(now: Date): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - (USAGE_DAYS - 1) * DAY_MS), to: new Date(today + DAY_MS) };
}

// The 90 days change by a few shots a minute, and a person reads them again and again (the page,
// its CSV, a reload, a phone beside the laptop): each viewer's counts are kept 10 s in this
// process, in front of the database, and readers arriving together share one count. The month
// against the budgets is never taken from here: it is counted afresh (lib/budgets/views.ts).
const REPORT_TTL_MS = 10_000;
const reports = new LRUCache<string, Promise<UsageReport>>({ max: 500, ttl: REPORT_TTL_MS });

export function usageReport(db: Db, viewer: SessionUser, now: Date): Promise<UsageReport> {
  const key = `${viewer.role === "admin" ? "*" : viewer.id}:${usageWindow(now).from.toISOString()}`;
  const cached = reports.get(key);
  if (cached) return cached;
  const counting = countUsage(db, viewer, now);
  reports.set(key, counting);
  counting.catch(() => reports.delete(key));
  return counting;
}

/** For tests that change the counts between two reads. */
export function forgetUsageReports(): void {
  reports.clear();
}

async function countUsage(db: Db, viewer: SessionUser, now: Date): Promise<UsageReport> {
  const everyone = viewer.role === "admin";
  const { from, to } = usageWindow(now);
  const params = [from.toISOString(), to.toISOString(), everyone ? null : viewer.id];
  const where = "u.created_at >= $1 AND u.created_at < $2 AND ($3::text IS NULL OR u.user_id = $3)";
  const [days, ...groups] = await Promise.all([
    dayCounts(db, where, params, from),
    ...USAGE_DIMENSIONS.map((dimension) => groupCounts(db, dimension, where, params)),
  ]);
  return {
    from: isoDay(from),
    to: isoDay(new Date(to.getTime() - DAY_MS)),
    everyone,
    days,
    groups: Object.fromEntries(USAGE_DIMENSIONS.map((d, i) => [d, groups[i]])) as Record<UsageDimension, GroupCount[]>,
  };
}

async function dayCounts(db: Db, where: string, params: unknown[], from: Date): Promise<DayCount[]> {
  const rows = await db.query<{ day: string; shots: string | number; trainings: string | number }>(
    `SELECT to_char((u.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE u.kind = 'shots') AS shots, count(*) FILTER (WHERE u.kind = 'trainings') AS trainings
       FROM usage_units u WHERE ${where} GROUP BY 1`,
    params,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  // Every day of the window, the quiet ones as zeros: a chart's gaps are days, not missing rows.
  return Array.from({ length: USAGE_DAYS }, (_, i) => {
    const day = isoDay(new Date(from.getTime() + i * DAY_MS));
    const row = byDay.get(day);
    return { day, shots: Number(row?.shots ?? 0), trainings: Number(row?.trainings ?? 0) };
  });
}

async function groupCounts(db: Db, dimension: UsageDimension, where: string, params: unknown[]): Promise<GroupCount[]> {
  const g = GROUPING[dimension];
  const rows = await db.query<{ key: string | null; name: string; shots: string | number; trainings: string | number }>(
    `WITH g AS (
       SELECT ${g.key} AS key, count(*) FILTER (WHERE u.kind = 'shots') AS shots, count(*) FILTER (WHERE u.kind = 'trainings') AS trainings
         FROM usage_units u WHERE ${where} GROUP BY 1)
     SELECT * FROM (${g.named}) named ORDER BY shots + trainings DESC, key NULLS LAST`,
    params,
  );
  const all = rows.map((row) => ({
    key: row.key ?? "",
    name: row.name,
    shots: Number(row.shots),
    trainings: Number(row.trainings),
  }));
  if (all.length <= TOP_ROWS) return all;
  const rest = all.slice(TOP_ROWS - 1);
  return [
    ...all.slice(0, TOP_ROWS - 1),
    {
      key: "*",
      name: `Everything else (${rest.length})`,
      shots: rest.reduce((n, r) => n + r.shots, 0),
      trainings: rest.reduce((n, r) => n + r.trainings, 0),
    },
  ];
}
