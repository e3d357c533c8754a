import "server-only";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import type { SessionUser } from "@/lib/types";
import { lowerRole, type Role } from "@/lib/schemas/roles";
import { hashKeySecret } from "./secret";

// `Authorization: Bearer <key>`: who the key acts as, checked against the database at every
// request, so a revoked key, an expired one or one whose owner was turned off stops at once on
// every instance. Each use is counted in the key's row (one statement, so instances count
// together): past the limit the request is refused with 429 and when to try again.

const WINDOW_SECONDS = 60;

interface Row {
  id: string;
  name: string;
  role: Role;
  expires_at: Date | string;
  expired: boolean;
  revoked: boolean;
  user_id: string;
  email: string;
  user_role: Role;
  disabled: boolean;
}

const NEW_KEY = "Create a new one under Account → API keys.";
export const UNKNOWN_KEY =
  "This API key is not known. Check it was copied whole, or create a new one under Account → API keys.";

/** The key's owner, acting at the lower of the key's role and their own; refuses in words. */
export async function authenticateApiKey(secret: string, requestsPerMinute: number): Promise<SessionUser> {
  const db = await getDb();
  const [row] = await db.query<Row>(
    `SELECT k.id, k.name, k.role, k.expires_at, k.expires_at <= now() AS expired, k.revoked_at IS NOT NULL AS revoked,
            u.id AS user_id, u.email, u.role AS user_role, u.disabled_at IS NOT NULL AS disabled
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.secret_hash = $1`,
    [hashKeySecret(secret)],
  );
  if (!row) throw new AppError("unauthorized", UNKNOWN_KEY);
  if (row.revoked) throw new AppError("unauthorized", `The API key “${row.name}” was revoked. ${NEW_KEY}`);
  if (row.expired) {
    const when = formatDateTime(new Date(row.expires_at), { locale: "en-GB", timeZone: "UTC" });
    throw new AppError("unauthorized", `The API key “${row.name}” expired on ${when} UTC. ${NEW_KEY}`);
  }
  if (row.disabled)
    throw new AppError("unauthorized", `The account of the API key “${row.name}” is turned off. Ask an admin.`);
  await countUse(row.id, requestsPerMinute);
  return {
    id: row.user_id,
    email: row.email,
    role: lowerRole(row.role, row.user_role),
    api_key: { id: row.id, name: row.name },
  };
}

async function countUse(keyId: string, limit: number): Promise<void> {
  const db = await getDb();
  // SET reads the row as it was: a window older than a minute starts again at this use.
  const [use] = await db.query<{ uses: number; seconds_left: number }>(
    `UPDATE api_keys SET
       last_used_at = now(),
       window_uses = CASE WHEN window_started_at IS NULL OR window_started_at <= now() - $2::int * interval '1 second' THEN 1 ELSE window_uses + 1 END,
       window_started_at = CASE WHEN window_started_at IS NULL OR window_started_at <= now() - $2::int * interval '1 second' THEN now() ELSE window_started_at END
     WHERE id = $1
     RETURNING window_uses AS uses, ceil(extract(epoch FROM window_started_at + $2::int * interval '1 second' - now()))::int AS seconds_left`,
    [keyId, WINDOW_SECONDS],
  );
  if (use && use.uses > limit) {
    const seconds = Math.max(1, use.seconds_left);
    throw new AppError(
      "rate_limited",
      `This API key made more than ${limit} requests in a minute. Try again in ${seconds} s.`,
      {
        retryAfter: seconds,
      },
    );
  }
}
