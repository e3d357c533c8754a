import { getDb } from "@/lib/db/client";
import { approvalReport } from "@/lib/usage/approvals";
import { ApprovalTable } from "./approval-table";
import { ReviewWaitLine } from "./review-wait";

const TITLES = { scene: ["By scene", "Scene"], template: ["By template", "Template"], aspect_ratio: ["By aspect ratio", "Aspect ratio"], product: ["By product", "Product"] } as const;

/**
 * What gets approved, counted on the server while the rest of the page is already shown: the
 * usage page streams it in (Suspense), so its heavier counts never hold up the chart.
 */
export async function WhatWorks() {
  const approvals = await approvalReport(await getDb());
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
