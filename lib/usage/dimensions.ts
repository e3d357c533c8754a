// How the usage page groups its counts (client-safe: the page's tabs and the CSV's groups).

export const USAGE_DIMENSIONS = ["person", "product", "template", "campaign"] as const;
export type UsageDimension = (typeof USAGE_DIMENSIONS)[number];

export const DIMENSION_WORDS: Record<UsageDimension, string> = {
  person: "By person",
  product: "By product",
  template: "By template",
  campaign: "By campaign",
};

/** The usage page's window: the last 90 days, today included. */
export const USAGE_DAYS = 90;

/** Rows of each "by …" chart: the largest, the rest summed as "Everything else". */
export const TOP_ROWS = 10;

export interface DayCount {
  /** "2026-11-20" (UTC) */
  day: string;
  shots: number;
  trainings: number;
}

export interface GroupCount {
  key: string;
  name: string;
  shots: number;
  trainings: number;
}

export interface UsageReport {
  from: string;
  to: string;
  /** True when the report counts everyone's (an admin's view); else the person's own. */
  everyone: boolean;
  days: DayCount[];
  groups: Record<UsageDimension, GroupCount[]>;
}
