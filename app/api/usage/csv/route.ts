// GET /api/usage/csv: the usage page's numbers as a CSV file (the same rows its charts draw).
import { withSession } from "@/lib/api/with-session";
import { getDb } from "@/lib/db/client";
import { usageCsv } from "@/lib/usage/csv";
import { usageReport } from "@/lib/usage/report";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ user }) => {
  const report = await usageReport(await getDb(), user, new Date());
  return new Response(usageCsv(report), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="usage-${report.from}-to-${report.to}.csv"`,
      "cache-control": "no-store",
    },
  });
});
