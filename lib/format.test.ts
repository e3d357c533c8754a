import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatClockTime, formatDateTime, isoDay, localClock } from "./format";

describe("formatClockTime", () => {
  // A training started at 13:47 UTC is usually ready between 13:57 and 14:17.
  const readyAround = new Date(Date.UTC(2026, 10, 26, 14, 5));

  it("says a training's estimate as a time of day in the reader's language and zone", () => {
    expect(formatClockTime(readyAround, { locale: "en-GB", timeZone: "UTC" })).toBe("14:05");
    expect(formatClockTime(readyAround, { locale: "en-US", timeZone: "UTC" })).toMatch(/^2:05\sPM$/);
    expect(formatClockTime(readyAround, { locale: "en-GB", timeZone: "Europe/Berlin" })).toBe("15:05");
  });

  it("takes milliseconds as the estimate holds them, and says so when there is no time", () => {
    expect(formatClockTime(readyAround.getTime(), { locale: "en-GB", timeZone: "UTC" })).toBe("14:05");
    expect(formatClockTime(null)).toBe("unknown time");
  });

  it("an hour of the day (the digest's) is said the same way as the estimate", () => {
    expect(formatClockTime(new Date(Date.UTC(2000, 0, 1, 7)), { locale: "en-US", timeZone: "UTC" })).toMatch(
      /^7:00\sAM$/,
    );
  });

  it("agrees with the date and time of formatDateTime", () => {
    const both = formatDateTime(readyAround, { locale: "en-GB", timeZone: "UTC" });
    expect(both.endsWith(formatClockTime(readyAround, { locale: "en-GB", timeZone: "UTC" }))).toBe(true);
  });
});

// Every date or time people read goes through lib/format.ts; these find a second way of writing one.
const WAYS =
  /\.toLocale(Date|Time)String\(|new Intl\.DateTimeFormat\(|\.get(UTC)?(Hours|Minutes)\(\)|\.toISOString\(\)\.slice\(/;
// Not shown to anyone: a time zone's name is checked by parsing it.
const NOT_SHOWN = new Set(["lib/schemas/notify.ts", "lib/format.ts"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("dates and times are written by lib/format.ts alone", () => {
  it("no page, component or hook formats one by itself", () => {
    const root = path.resolve(__dirname, "..");
    const found = ["app", "components", "hooks", "lib"]
      .flatMap((dir) => sources(path.join(root, dir)))
      .map((file) => path.relative(root, file))
      .filter((file) => !NOT_SHOWN.has(file) && WAYS.test(readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });
});

describe("calendar days", () => {
  it("names a time's day in UTC, from a date or an ISO string", () => {
    expect(isoDay(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-14");
    expect(isoDay("2026-03-14T00:00:00.000Z")).toBe("2026-03-14");
  });

  it("reads a person's day and hour in their own time zone", () => {
    expect(localClock(new Date("2026-03-14T23:30:00Z"), "Asia/Tokyo")).toEqual({ day: "2026-03-15", hour: 8 });
    expect(localClock(new Date("2026-03-14T23:30:00Z"), "America/New_York")).toEqual({ day: "2026-03-14", hour: 19 });
  });
});
