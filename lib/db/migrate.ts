import "server-only";
import type { Db } from "./client";
import { MIGRATIONS, type Migration } from "./migrations";

// Any fixed number: every process that migrates this database takes the same lock.
const MIGRATION_LOCK = 7_305_112_001;

/** Applies the missing migrations in one transaction; returns the ids it applied. */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the work done.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const done = new Set((await tx.query<{ id: number }>("SELECT id FROM schema_migrations")).map((row) => row.id));
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (id, name) VALUES ($1, $2)", [migration.id, migration.name]);
      applied.push(migration.id);
    }
    return applied;
  });
}
