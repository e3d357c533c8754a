import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureFirstAdmin } from "@/lib/auth/first-admin";
import { createUser, setDisabled, verifyCredentials } from "@/lib/auth/users";
import {
  postgresAvailable,
  requirePostgresInCi,
  startPostgresCluster,
  type PostgresCluster,
} from "@/test/support/postgres-cluster";
import { galleryQuerySchema } from "@/lib/schemas/gallery-query";
import { closeDb, getDb, openDb } from "./client";
import { migrate } from "./migrate";
import { MIGRATIONS } from "./migrations";
import { getPredictionRecord, predictionRecordsByIds, recordPrediction } from "./predictions";
import { getProductRecord, listProducts, markLoraStarted, recordProduct } from "./products";
import { upsertIndexRows } from "./prediction-index";
import { indexPage } from "./prediction-index-page";
import { claimReconcile } from "./prediction-index-state";
import { useTestEnv } from "./testing";
import { dumpSchema } from "@/test/support/schema-dump";

// The registry and users against a real PostgreSQL 15, through DATABASE_URL: a throwaway
// cluster (test/support/postgres-cluster.ts), removed afterwards.

requirePostgresInCi();

describe.skipIf(!postgresAvailable)("PostgreSQL registry", () => {
  let cluster: PostgresCluster;
  let env: ReturnType<typeof useTestEnv>;
  let databaseUrl: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    databaseUrl = cluster.databaseUrl;
    env = useTestEnv({ DATABASE_URL: databaseUrl });
  });

  afterAll(async () => {
    await closeDb();
    env?.cleanup();
    cluster?.stop();
  });

  it("ends with the same schema whether a database is made at once or migrated part way, then the rest", async () => {
    const admin = await openDb({ databaseUrl, migrate: false });
    await admin.query("CREATE DATABASE schema_fresh");
    await admin.query("CREATE DATABASE schema_stepwise");
    await admin.close();
    const fresh = await openDb({ databaseUrl: databaseUrl.replace(/\/postgres$/, "/schema_fresh"), migrate: false });
    const stepwise = await openDb({
      databaseUrl: databaseUrl.replace(/\/postgres$/, "/schema_stepwise"),
      migrate: false,
    });
    try {
      await migrate(fresh);
      const half = Math.floor(MIGRATIONS.length / 2);
      expect(await migrate(stepwise, MIGRATIONS.slice(0, half))).toHaveLength(half);
      expect(await migrate(stepwise)).toEqual(MIGRATIONS.slice(half).map((m) => m.id));
      const schema = await dumpSchema(fresh);
      expect(schema.columns.length).toBeGreaterThan(100);
      expect(await dumpSchema(stepwise)).toEqual(schema);
    } finally {
      await fresh.close();
      await stepwise.close();
    }
  });

  it("migrates concurrently and idempotently", async () => {
    const a = await openDb({ databaseUrl, migrate: false });
    const b = await openDb({ databaseUrl, migrate: false });
    try {
      expect(a.kind).toBe("postgres");
      const results = await Promise.all([migrate(a), migrate(b)]);
      expect(results.flat().sort((x, y) => x - y)).toEqual(MIGRATIONS.map((m) => m.id).sort((x, y) => x - y));
      expect(await migrate(a)).toEqual([]);
      const rows = await a.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations");
      expect(rows[0].n).toBe(MIGRATIONS.length);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("uses DATABASE_URL for the process database", async () => {
    expect((await getDb()).kind).toBe("postgres");
  });

  it("keeps users", async () => {
    const first = await ensureFirstAdmin();
    expect(first.created).toBe(true);
    expect(await ensureFirstAdmin()).toEqual({ email: first.email, created: false });
    const user = await createUser({ email: "Pat@Example.com", password: "plum-orchard-41", role: "editor" });
    await expect(
      createUser({ email: "pat@example.com", password: "plum-orchard-41", role: "editor" }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await verifyCredentials("pat@example.com", "plum-orchard-41"))?.id).toBe(user.id);
    await setDisabled(user.id, true);
    expect(await verifyCredentials("pat@example.com", "plum-orchard-41")).toBeNull();
  });

  it("keeps the registry", async () => {
    const db = await getDb();
    const [{ id: userId }] = await db.query<{ id: string }>("SELECT id FROM users LIMIT 1");
    expect(
      await recordProduct({
        id: "42",
        name: "Chair",
        templateId: "9",
        textureKeys: ["seat"],
        createdBy: userId,
        createdAt: "2025-05-05T05:05:05.000Z",
      }),
    ).toBe("recorded");
    expect(await getProductRecord("42")).toEqual({
      id: "42",
      name: "Chair",
      templateId: "9",
      templateName: null,
      textureKeys: ["seat"],
      createdBy: userId,
      createdAt: "2025-05-05T05:05:05.000Z",
      loraStartedAt: null,
      loraReadyAt: null,
      loraCheckedAt: null,
      loraLostAt: null,
      previewUrl: null,
      archivedAt: null,
      previousVersionId: null,
    });
    expect((await markLoraStarted("42", "2025-05-06T00:00:00.000Z"))?.loraStartedAt).toBe("2025-05-06T00:00:00.000Z");
    expect((await markLoraStarted("42", "2025-05-07T00:00:00.000Z"))?.loraStartedAt).toBe("2025-05-06T00:00:00.000Z");
    expect((await listProducts()).map((p) => p.id)).toEqual(["42"]);

    await recordPrediction({ id: "900", productId: "42", prompt: "garden", aspectRatio: "3:2", createdBy: userId });
    expect(await getPredictionRecord("900")).toMatchObject({ productId: "42", aspectRatio: "3:2" });
    expect([...(await predictionRecordsByIds(["900", "901"])).keys()]).toEqual(["900"]);
  });

  it("keeps the gallery's index, its keyset order and its lease", async () => {
    const rows = ["b", "a", "c"].map((id, i) => ({
      id,
      product_id: "42",
      prompt: `lamp ${id}`,
      aspect_ratio: null,
      status: "succeeded" as const,
      images: [`http://assets.test/${id}.jpg`],
      date_modification: `2025-06-0${1 + (i % 2)} 10:00:00`,
    }));
    expect(await upsertIndexRows(rows)).toBe(3);
    expect(await upsertIndexRows(rows)).toBe(0);
    const query = galleryQuerySchema.parse({ q: "LAMP" });
    const first = await indexPage(query, { sort: "newest", limit: 2, after: null });
    expect(first.total).toBe(3);
    const rest = await indexPage(query, { sort: "newest", limit: 2, after: first.last });
    expect([...first.items, ...rest.items].map((v) => v.id)).toEqual(["a", "c", "b"]);
    const claims = await Promise.all([claimReconcile("one"), claimReconcile("two")]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
