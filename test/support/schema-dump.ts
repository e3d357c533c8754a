import type { Db } from "@/lib/db/client";

// The public schema as the catalog describes it, in a stable order: two databases whose dumps are
// equal have the same tables, columns, defaults, constraints, indexes, functions and triggers.
export async function dumpSchema(db: Db): Promise<Record<string, string[]>> {
  const lines = async (sql: string) => (await db.query<{ line: string }>(sql)).map((row) => row.line);
  return {
    columns: await lines(`
      SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`),
    constraints: await lines(`
      SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
      FROM pg_catalog.pg_constraint c JOIN pg_catalog.pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' ORDER BY 1`),
    indexes: await lines(
      `SELECT indexdef AS line FROM pg_catalog.pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
    ),
    functions: await lines(`
      SELECT p.proname || ' ' || pg_get_function_identity_arguments(p.oid) AS line
      FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY 1`),
    triggers: await lines(`
      SELECT t.tgrelid::regclass::text || ' ' || t.tgname AS line FROM pg_catalog.pg_trigger t
      JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY 1`),
    migrations: await lines(`SELECT id || ' ' || name AS line FROM schema_migrations ORDER BY id`),
  };
}
