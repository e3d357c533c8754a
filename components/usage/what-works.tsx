import type { ApprovalReport } from "@/lib/api-types";
import { ApprovalTable } from "./approval-table";
import { ReviewWaitLine } from "./review-wait";

const TITLES = {
  scene: ["By scene", "Scene"],
  template: ["By template", "Template"],
  aspect_ratio: ["By aspect ratio", "Aspect ratio"],
  product: ["By product", "Product"],
} as const;

/**
 * What gets approved, counted on the server while the rest of the page is already shown: the
 * usage page starts the count and streams this in (Suspense), so its heavier counts never hold
 * up the chart.
 */
export async function WhatWorks({ report }: { report: Promise<ApprovalReport> }) {
  const approvals = await report;
  return (
    <>
      <ReviewWaitLine wait={approvals.review_wait} />
      <div className="grid gap-4 md:grid-cols-2">
        {(Object.keys(TITLES) as (keyof typeof TITLES)[]).map((d) => (
          <ApprovalTable key={d} title={TITLES[d][0]} what={TITLES[d][1]} rows={approvals.groups[d]} />
        ))}
      </div>
    </>
  );
}
