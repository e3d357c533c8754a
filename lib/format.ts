// Times as people read them. The service's `date_modification` ("YYYY-MM-DD HH:MM:SS") carries no
// time zone (not shown in the interface): the app reads it as UTC and shows it in the viewer's zone.

export function parseServiceDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!match) {
    const fallback = new Date(value);
    return Number.isNaN(fallback.getTime()) ? null : fallback;
  }
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

export function formatDateTime(
  date: Date | string | null | undefined,
  { locale, timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  const value = typeof date === "string" ? (parseServiceDate(date) ?? null) : date;
  if (!value) return "unknown time";
  return value.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
}

/**
 * A time of day as the reader's language says it ("14:05", "2:05 PM"): a training's estimate, the
 * digest's hour. Milliseconds are taken as the estimates hold them.
 */
export function formatClockTime(
  date: Date | number | null | undefined,
  { locale, timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  if (date === null || date === undefined) return "unknown time";
  return new Date(date).toLocaleTimeString(locale, { timeStyle: "short", timeZone });
}

/** 75_000 → "1 min 15 s"; 3_700_000 → "1 h 1 min". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "1 December 2026": a UTC calendar day in words (the day a monthly budget starts again). */
export function formatDayLong(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The calendar day ("2026-03-14") of a time, in UTC: a file name's stamp, a date field's value. */
export function isoDay(date: Date | string): string {
  return (typeof date === "string" ? date : date.toISOString()).slice(0, 10);
}

/** The calendar day and the hour (0–23) of `now` in `timeZone`: when a person's day has reached their hour. */
export function localClock(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}
