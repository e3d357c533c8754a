import "server-only";
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

// The usage page's numbers, counted by the database in one query per chart from what was asked of
// the service (`usage_units`, and the sums of it migration 220 keeps), over the last 90 UTC days.
// Admins see everyone's; a person sees their own.

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

// Counted afresh at every read (no answer is kept in memory): an admin's view sums the small
// tables migration 220 keeps (a few thousand rows, not every shot); a person's own reads their
// rows through the index on user_id.
export function usageReport(db: Db, viewer: SessionUser, now: Date): Promise<UsageReport> {
  return countUsage(db, viewer, now);
}

async function countUsage(db: Db, viewer: SessionUser, now: Date): Promise<UsageReport> {
  const everyone = viewer.role === "admin";
  const { from, to } = usageWindow(now);
  const counting = everyone ? summed(from, to) : own(viewer.id, from, to);
  const [days, ...groups] = await Promise.all([
    dayCounts(db, counting.days, from),
    ...USAGE_DIMENSIONS.map((dimension) => groupCounts(db, dimension, counting.group(dimension))),
  ]);
  return {
    from: isoDay(from),
    to: isoDay(new Date(to.getTime() - DAY_MS)),
    everyone,
    days,
    groups: Object.fromEntries(USAGE_DIMENSIONS.map((d, i) => [d, groups[i]])) as Record<UsageDimension, GroupCount[]>,
  };
}

/** A query and its parameters. */
type Sql = [string, unknown[]];

/** Each chart's count as SQL answering (key, shots, trainings), or (day, shots, trainings) for the days. */
interface Counting {
  days: Sql;
  group(dimension: UsageDimension): Sql;
}

const BY_KIND = (n: string) =>
  `${n} FILTER (WHERE kind = 'shots') AS shots, ${n} FILTER (WHERE kind = 'trainings') AS trainings`;

/** A person's own: their rows in the window, through the index on user_id. */
function own(userId: string, from: Date, to: Date): Counting {
  const where = "u.created_at >= $1 AND u.created_at < $2 AND u.user_id = $3";
  const params = [from.toISOString(), to.toISOString(), userId];
  return {
    days: [
      `SELECT (u.created_at AT TIME ZONE 'UTC')::date AS day, ${BY_KIND("count(*)")} FROM usage_units u WHERE ${where} GROUP BY 1`,
      params,
    ],
    group: (d) => [
      `SELECT ${GROUPING[d].key} AS key, ${BY_KIND("count(*)")} FROM usage_units u WHERE ${where} GROUP BY 1`,
      params,
    ],
  };
}

/**
 * Everyone's: the day's sums (usage_days), and for products the months' sums (usage_months) from
 * the first month that starts inside the window, with the days before it counted from the rows.
 */
function summed(from: Date, to: Date): Counting {
  const firstMonth = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + (from.getUTCDate() === 1 ? 0 : 1), 1),
  );
  const edge = new Date(Math.min(firstMonth.getTime(), to.getTime()));
  const days = [isoDay(from), isoDay(to)];
  const fromDays = `FROM usage_days WHERE dimension = $3 AND day >= $1::date AND day < $2::date`;
  return {
    days: [`SELECT day, ${BY_KIND("sum(units)")} ${fromDays} GROUP BY 1`, [...days, "all"]],
    group: (d) =>
      d === "product"
        ? [
            `SELECT key, sum(shots) AS shots, sum(trainings) AS trainings FROM (
               SELECT product_id AS key, ${BY_KIND("sum(units)")} FROM usage_months WHERE month >= $1::date AND month < $2::date GROUP BY 1
               UNION ALL
               SELECT product_id, ${BY_KIND("count(*)")} FROM usage_units WHERE created_at >= $3 AND created_at < $4 GROUP BY 1
             ) both_parts GROUP BY key`,
            [isoDay(firstMonth), isoDay(to), from.toISOString(), edge.toISOString()],
          ]
        : [`SELECT NULLIF(key, '') AS key, ${BY_KIND("sum(units)")} ${fromDays} GROUP BY 1`, [...days, d]],
  };
}

async function dayCounts(db: Db, [sql, params]: Sql, from: Date): Promise<DayCount[]> {
  const rows = await db.query<{ day: string; shots: string | number | null; trainings: string | number | null }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, shots, trainings FROM (${sql}) counted`,
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

async function groupCounts(db: Db, dimension: UsageDimension, [sql, params]: Sql): Promise<GroupCount[]> {
  const rows = await db.query<{
    key: string | null;
    name: string;
    shots: string | number | null;
    trainings: string | number | null;
  }>(
    `WITH g AS (SELECT key, COALESCE(shots, 0) AS shots, COALESCE(trainings, 0) AS trainings FROM (${sql}) counted)
     SELECT * FROM (${GROUPING[dimension].named}) named WHERE shots + trainings > 0 ORDER BY shots + trainings DESC, key NULLS LAST`,
    params,
  );
  const all = rows.map((row) => ({
    key: row.key ?? "",
    name: row.name,
    shots: Number(row.shots ?? 0),
    trainings: Number(row.trainings ?? 0),
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
