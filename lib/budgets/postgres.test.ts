import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, openDb, type Db } from "@/lib/db/client";
import { useTestEnv } from "@/lib/db/testing";
import {
  postgresAvailable,
  requirePostgresInCi,
  startPostgresCluster,
  type PostgresCluster,
} from "@/test/support/postgres-cluster";
import { setBudget } from "./limits";
import { spendBudget, standingOf } from "./spend";

// Two app instances on one PostgreSQL, asking at once: the budget's last units go to exactly as
// many asks as there are units, never more.

requirePostgresInCi();

describe.skipIf(!postgresAvailable)("budgets on one PostgreSQL shared by two instances", () => {
  let cluster: PostgresCluster;
  let env: ReturnType<typeof useTestEnv>;
  let a: Db;
  let b: Db;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    env = useTestEnv({ DATABASE_URL: cluster.databaseUrl });
    a = await openDb({ databaseUrl: cluster.databaseUrl });
    b = await openDb({ databaseUrl: cluster.databaseUrl });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await closeDb();
    env?.cleanup();
    cluster?.stop();
  });

  it("gives the last 3 units to 3 of 16 simultaneous creates", async () => {
    const ed = { id: "u-ed", email: "ed@example.com", role: "editor" as const };
    await a.query("INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, $3, 'x')", [
      ed.id,
      ed.email,
      ed.role,
    ]);
    await setBudget(a, { scope: "user", subject: ed.id, kind: "shots", limit: 10 }, { ...ed, role: "admin" });
    const now = new Date("2026-11-20T10:00:00Z");
    await spendBudget(a, { kind: "shots", person: ed, productId: "p", count: 7 }, now);
    const asks = Array.from({ length: 16 }, (_, i) =>
      spendBudget(i % 2 ? a : b, { kind: "shots", person: ed, productId: "p" }, now),
    );
    const results = await Promise.allSettled(asks);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect((await standingOf(b, ed, "shots", now)).usedByPerson).toBe(10);
  });
});
