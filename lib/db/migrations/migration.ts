export interface Migration {
  /** Recorded in schema_migrations: a database that has run it never runs it again. */
  id: number;
  /** Recorded beside the id; kept as first shipped. */
  name: string;
  /** Several statements, run as one by the driver (PGlite exec, a node-postgres simple query). */
  sql: string;
}
