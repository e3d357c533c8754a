import "server-only";
import type { Db } from "./client";

// The shot engine's shared rows (table engine_state): one JSON value per name, read and written
// inside the caller's transaction. `FOR UPDATE` makes every instance's claim of a create wait
// its turn on the pace row, so the pace holds across instances.

export const CREATE_PACE = "create-pace";
export const LIST_READ = "list-read";

/** The value under `name` (null when none yet), locked until the transaction ends. */
export async function lockEngineState<T>(tx: Db, name: string): Promise<T | null> {
  await tx.query("INSERT INTO engine_state (name, state) VALUES ($1, 'null'::jsonb) ON CONFLICT (name) DO NOTHING", [
    name,
  ]);
  const [row] = await tx.query<{ state: unknown }>("SELECT state FROM engine_state WHERE name = $1 FOR UPDATE", [name]);
  return parsed<T>(row?.state);
}

export async function readEngineState<T>(db: Db, name: string): Promise<T | null> {
  const [row] = await db.query<{ state: unknown }>("SELECT state FROM engine_state WHERE name = $1", [name]);
  return parsed<T>(row?.state);
}

export async function writeEngineState(db: Db, name: string, state: unknown): Promise<void> {
  await db.query(
    "INSERT INTO engine_state (name, state) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state",
    [name, JSON.stringify(state)],
  );
}

function parsed<T>(value: unknown): T | null {
  const v = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return (v ?? null) as T | null;
}
