import type { UsageReport } from "./dimensions";
import { USAGE_DIMENSIONS } from "./dimensions";

// The usage page's CSV: the very numbers its charts draw, one row per day and per group, so a
// spreadsheet and the page never disagree.

const cell = (value: string | number) => {
  const text = String(value);
  // Quoted when needed, and a leading = + - @ made inert so a spreadsheet never runs a name as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function usageCsv(report: UsageReport): string {
  const lines = [["group", "key", "name", "shots", "trainings"].join(",")];
  for (const d of report.days) lines.push(["day", d.day, d.day, d.shots, d.trainings].map(cell).join(","));
  for (const dimension of USAGE_DIMENSIONS) {
    for (const g of report.groups[dimension])
      lines.push([dimension, g.key, g.name, g.shots, g.trainings].map(cell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
