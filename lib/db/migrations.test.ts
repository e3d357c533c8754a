import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "./client";
import { MIGRATIONS, migrate } from "./migrations";

describe("migrations", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ memory: true, migrate: false });
  });
  afterAll(() => db.close());

  it("applies every migration once and records it", async () => {
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ id: number; name: string }>("SELECT id, name FROM schema_migrations ORDER BY id");
    expect(rows).toEqual(MIGRATIONS.map(({ id, name }) => ({ id, name })));
  });

  it("creates the registry tables", async () => {
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    // Contains, not equals: each feature's migration adds its own tables.
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining([
      "audit_events",
      "image_reviews",
      "predictions",
      "products",
      "prompt_presets",
      "review_events",
      "schema_migrations",
      "shares",
      "users",
    ]));
  });

  it("applies a later migration and rolls back a failing one whole", async () => {
    const extra = [...MIGRATIONS, { id: 900, name: "extra", sql: "CREATE TABLE extra (id text);\nCREATE INDEX extra_idx ON extra (id);" }];
    expect(await migrate(db, extra)).toEqual([900]);
    const broken = [...extra, { id: 901, name: "broken", sql: "CREATE TABLE half (id text);\nSELECT nonsense FROM nowhere;" }];
    await expect(migrate(db, broken)).rejects.toThrow();
    const half = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
    expect(half).toEqual([]);
  });

  it("makes new share links read-only by default and leaves the links made before as they were", async () => {
    const old = await openDb({ memory: true, migrate: false });
    try {
      await migrate(old, MIGRATIONS.filter((m) => m.id < 150));
      await old.query("INSERT INTO users (id, email, password_hash, role) VALUES ('u1', 'maker@example.com', 'x', 'editor')");
      const link = (id: string) =>
        old.query(`INSERT INTO shares (id, token_hash, created_by, expires_at) VALUES ($1, $1, 'u1', now() + interval '1 day')`, [id]);
      await link("before-on");
      await link("before-off");
      await old.query("UPDATE shares SET sign_off = false WHERE id = 'before-off'");
      expect(await migrate(old)).toEqual(MIGRATIONS.filter((m) => m.id >= 150).map((m) => m.id));
      await link("after");
      const rows = await old.query<{ id: string; sign_off: boolean; token_sealed: string | null }>("SELECT id, sign_off, token_sealed FROM shares ORDER BY id");
      expect(rows).toEqual([
        { id: "after", sign_off: false, token_sealed: null },
        { id: "before-off", sign_off: false, token_sealed: null },
        { id: "before-on", sign_off: true, token_sealed: null },
      ]);
    } finally {
      await old.close();
    }
  });

  it("rolls back a transaction whose function throws", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO extra (id) VALUES ('gone')");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.query("SELECT id FROM extra")).toEqual([]);
  });
});
