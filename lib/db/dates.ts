// Drivers hand timestamptz back as Date (pg, PGlite) or string; the app speaks ISO strings.

export function isoDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoDateOrNull(value: Date | string | null | undefined): string | null {
  return value == null ? null : isoDate(value);
}
