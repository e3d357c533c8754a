import "server-only";
import type { Db } from "@/lib/db/client";

// A lease row: the instance that holds `name` does the job until the lease expires; it renews
// it on every round, and another instance takes over within one lease length of it stopping.
// A row works alike on PGlite and PostgreSQL (an advisory lock would be tied to one pooled
// connection, which a pool does not keep).

/** Takes or renews the lease; true when `holder` holds it now. */
export async function holdLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await db.query<{ holder: string }>(
    `INSERT INTO leases (name, holder, expires_at)
     VALUES ($1, $2, now() + ($3::double precision * interval '1 millisecond'))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < now()
     RETURNING holder`,
    [name, holder, ttlMs],
  );
  return rows[0]?.holder === holder;
}

/** Gives the lease up at once (on shutdown), so another instance need not wait for it to expire. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.query("DELETE FROM leases WHERE name = $1 AND holder = $2", [name, holder]);
}
