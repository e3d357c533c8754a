import { z } from "zod";
import { isAuditAction } from "@/lib/schemas/audit-actions";
import { emptyToUndefined, pageLimit } from "./query-params";

// GET /api/audit: newest first, keyset-paged (the cursor is the last line's id), filtered by person
// (their user id) and by action. Shared by the Activity page and the handler.

export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 100;

export const auditQuerySchema = z.object({
  cursor: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,17}$/, "cursor is not valid")
      .optional(),
  ),
  limit: z.preprocess(emptyToUndefined, pageLimit(MAX_AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE)),
  actor: z.preprocess(emptyToUndefined, z.string().max(200, "actor is not a person's id").optional()),
  action: z.preprocess(
    emptyToUndefined,
    z.string().refine(isAuditAction, { message: "action is not one the activity log records" }).optional(),
  ),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  return auditQuerySchema.parse(
    Object.fromEntries(["cursor", "limit", "actor", "action"].map((k) => [k, params.get(k)])),
  );
}
