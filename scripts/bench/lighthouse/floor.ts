// What a page here is measured against, in the same run: Lighthouse on the sign-in page, signed
// out, which is React, Next's runtime and the root layout with a form of about 20 elements (the
// framework alone), and on the password page, signed in, which adds the studio's shell (the bar,
// its bell and menus, live updates, the toasts) and one small form. The host's speed moves every
// page together: the app as of a212b29, whose pages all scored 96–99 here on 2026-11-23, scored
// 75–85 on its dashboard on 2026-11-27. So a page's distance below the shell's row is what the
// page itself costs, the shell's distance below the framework's is the shell's, and the
// framework's row is the host.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchRow } from "../context";
import { LIGHTHOUSE_RUNS, medianLighthouse } from "./run-lighthouse";

const FLOORS = [
  { name: "sign-in, the framework alone", path: "/sign-in", signedIn: false },
  { name: "password page, the studio's shell and a form", path: "/account/password", signedIn: true },
];

/**
 * Two rows (as shipped and calibrated) for each floor; `headersFile` signs in (the sign-in page
 * is opened without it: signed in, it redirects).
 */
export async function floorRows(
  section: string,
  appUrl: string,
  headersFile: string,
  reportBase: string,
): Promise<BenchRow[]> {
  const signedOut = path.join(path.dirname(headersFile), "signed-out.json");
  writeFileSync(signedOut, "{}", { mode: 0o600 });
  const rows: BenchRow[] = [];
  for (const [n, floor] of FLOORS.entries()) {
    const { median, calibrated, runs, calibratedRuns } = await medianLighthouse(
      `${appUrl}${floor.path}`,
      floor.signedIn ? headersFile : signedOut,
      `${reportBase}-${n + 1}`,
      LIGHTHOUSE_RUNS,
    );
    rows.push(
      {
        section,
        metric: `${floor.name}: performance`,
        value: median.performance,
        unit: "count",
        note: `runs ${runs}`,
      },
      {
        section,
        metric: `${floor.name}: performance, CPU slowdown calibrated to this host`,
        value: calibrated.performance,
        unit: "count",
        note: `the same runs at Lighthouse's calibrated slowdown: ${calibratedRuns}`.slice(0, 240),
      },
    );
  }
  return rows;
}
