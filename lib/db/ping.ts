import "server-only";
import { getDb } from "./client";

const PING_TIMEOUT_MS = 2_000;

/** Whether the database answers `SELECT 1` within 2 s (for GET /api/health and GET /api/ready). */
export async function pingDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const ping = getDb()
    .then((db) => db.query("SELECT 1"))
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
