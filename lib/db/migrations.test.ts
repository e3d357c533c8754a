import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "./client";
import { dumpSchema } from "@/test/support/schema-dump";
import { migrate } from "./migrate";
import { MIGRATIONS, type Migration } from "./migrations";

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
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        "audit_events",
        "image_reviews",
        "predictions",
        "products",
        "prompt_presets",
        "review_events",
        "schema_migrations",
        "shares",
        "users",
      ]),
    );
  });

  it("applies a later migration and rolls back a failing one whole", async () => {
    const extra = [
      ...MIGRATIONS,
      { id: 900, name: "extra", sql: "CREATE TABLE extra (id text);\nCREATE INDEX extra_idx ON extra (id);" },
    ];
    expect(await migrate(db, extra)).toEqual([900]);
    const broken = [
      ...extra,
      { id: 901, name: "broken", sql: "CREATE TABLE half (id text);\nSELECT nonsense FROM nowhere;" },
    ];
    await expect(migrate(db, broken)).rejects.toThrow();
    const half = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'");
    expect(half).toEqual([]);
  });

  it("makes new share links read-only by default and leaves the links made before as they were", async () => {
    const old = await openDb({ memory: true, migrate: false });
    try {
      await migrate(
        old,
        MIGRATIONS.filter((m) => m.id < 150),
      );
      await old.query(
        "INSERT INTO users (id, email, password_hash, role) VALUES ('u1', 'maker@example.com', 'x', 'editor')",
      );
      const link = (id: string) =>
        old.query(
          `INSERT INTO shares (id, token_hash, created_by, expires_at) VALUES ($1, $1, 'u1', now() + interval '1 day')`,
          [id],
        );
      await link("before-on");
      await link("before-off");
      await old.query("UPDATE shares SET sign_off = false WHERE id = 'before-off'");
      expect(await migrate(old)).toEqual(MIGRATIONS.filter((m) => m.id >= 150).map((m) => m.id));
      await link("after");
      const rows = await old.query<{ id: string; sign_off: boolean; token_sealed: string | null }>(
        "SELECT id, sign_off, token_sealed FROM shares ORDER BY id",
      );
      expect(rows).toEqual([
        { id: "after", sign_off: false, token_sealed: null },
        { id: "before-off", sign_off: false, token_sealed: null },
        { id: "before-on", sign_off: true, token_sealed: null },
      ]);
    } finally {
      await old.close();
    }
  });

  it("keeps the ids and names that databases already migrated have recorded", () => {
    // What schema_migrations holds in every database migrated so far: a later migration adds to it.
    const shipped = [
      "1 users-products-predictions",
      "2 reviews",
      "3 shares",
      "4 prompt-presets",
      "5 audit-events",
      "10 sign-in-throttle",
      "11 password-change-required",
      "20 share-prediction-ids",
      "30 prediction-index",
      "31 prediction-index-images",
      "40 product-lora-state",
      "50 product-texture-advice",
      "60 upload-slots",
      "90 notifications",
      "100 review undo",
      "120 share-sign-off",
      "130 prediction-batches-and-texture-thumbnails",
      "140 campaigns-and-shot-jobs",
      "150 share-read-only-by-default-and-kept-address",
      "160 product-archive-rename-versions",
      "170 company-sign-in",
    ];
    expect(MIGRATIONS.slice(0, shipped.length).map((m) => `${m.id} ${m.name}`)).toEqual(shipped);
  });

  it("keeps one migration per file, named by its id, and lists every file in order", async () => {
    const files = readdirSync(path.join(__dirname, "migrations"))
      .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file))
      .sort();
    const loaded = await Promise.all(
      files.map(async (file) => ({ file, migration: (await import(`./migrations/${file}`)).migration as Migration })),
    );
    expect(loaded.map(({ migration }) => migration.id)).toEqual(files.map((file) => Number(file.slice(0, 4))));
    expect(MIGRATIONS).toEqual(loaded.map(({ migration }) => migration));
  });

  it("ends with the same schema whether a database is made at once or one migration at a time", async () => {
    const fresh = await openDb({ memory: true, migrate: false });
    const stepwise = await openDb({ memory: true, migrate: false });
    try {
      await migrate(fresh);
      for (const migration of MIGRATIONS) expect(await migrate(stepwise, [migration])).toEqual([migration.id]);
      const schema = await dumpSchema(fresh);
      expect(schema.columns.length).toBeGreaterThan(100);
      expect(schema.migrations).toHaveLength(MIGRATIONS.length);
      expect(await dumpSchema(stepwise)).toEqual(schema);
    } finally {
      await fresh.close();
      await stepwise.close();
    }
    // Two databases opened and every migration run twice: on a busy two-core machine, past 30 s.
  }, 120_000);

  it("runs a migration's statements as the database reads them, semicolons inside a body or a string included", async () => {
    const scratch = await openDb({ memory: true, migrate: false });
    try {
      const body = [
        "CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL DEFAULT 'one; two');",
        "CREATE FUNCTION notes_stamp() RETURNS trigger LANGUAGE plpgsql AS $$",
        "BEGIN",
        "  NEW.body := NEW.body || ';';",
        "  RETURN NEW;",
        "END;",
        "$$;",
        "CREATE TRIGGER notes_stamp BEFORE INSERT ON notes FOR EACH ROW EXECUTE FUNCTION notes_stamp();",
      ].join("\n");
      expect(await migrate(scratch, [{ id: 1, name: "notes", sql: body }])).toEqual([1]);
      await scratch.query("INSERT INTO notes (id) VALUES ('a')");
      expect(await scratch.query("SELECT body FROM notes")).toEqual([{ body: "one; two;" }]);
    } finally {
      await scratch.close();
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
