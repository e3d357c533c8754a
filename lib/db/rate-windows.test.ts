import { describe, expect, it } from "vitest";
import { openDb } from "./client";
import { migrate } from "./migrate";
import { MIGRATIONS } from "./migrations";
import { countHit } from "./rate-windows";
import { testDatabase } from "./testing";

// Against a real (in-memory PGlite) database: the counters are rows, as two instances share them.

describe("rate windows", () => {
  const t = testDatabase();

  it("counts hits per key within a window and says how long it has left", async () => {
    expect(await countHit("link:a", 3600)).toMatchObject({ hits: 1 });
    expect(await countHit("link:a", 3600)).toMatchObject({ hits: 2 });
    expect(await countHit("link:b", 3600)).toMatchObject({ hits: 1 });
    const third = await countHit("link:a", 3600);
    expect(third.hits).toBe(3);
    expect(third.secondsLeft).toBeGreaterThan(3590);
    expect(third.secondsLeft).toBeLessThanOrEqual(3600);
  });

  it("counts hits sent at once, none lost", async () => {
    await Promise.all(Array.from({ length: 20 }, () => countHit("link:burst", 3600)));
    expect((await countHit("link:burst", 3600)).hits).toBe(21);
  });

  it("starts a window again at one once it has passed, and forgets keys idle for a day", async () => {
    await t.db.query("UPDATE rate_windows SET window_started_at = now() - interval '1 hour' WHERE key = 'link:a'");
    expect(await countHit("link:a", 3600)).toMatchObject({ hits: 1 });
    await t.db.query("UPDATE rate_windows SET window_started_at = now() - interval '2 days' WHERE key = 'link:b'");
    await countHit("link:new", 3600);
    const keys = await t.db.query<{ key: string }>("SELECT key FROM rate_windows ORDER BY key");
    expect(keys.map((k) => k.key)).toEqual(["link:a", "link:burst", "link:new"]);
  });
});

describe("migration 120 (share sign-off)", () => {
  it("leaves links made before it without sign-off, and turns it on for new links", async () => {
    const db = await openDb({ memory: true, migrate: false });
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id < 120),
      );
      await db.query(
        "INSERT INTO users (id, email, password_hash, role) VALUES ('u1', 'maker@example.com', 'x', 'editor')",
      );
      await db.query(
        "INSERT INTO shares (id, token_hash, created_by, expires_at) VALUES ('old', 'h1', 'u1', now() + interval '1 day')",
      );
      // Migration 120 alone: 150 later makes new links read-only by default (migrations.test.ts).
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.id <= 120),
        ),
      ).toContain(120);
      await db.query(
        "INSERT INTO shares (id, token_hash, created_by, expires_at) VALUES ('new', 'h2', 'u1', now() + interval '1 day')",
      );
      const rows = await db.query<{ id: string; sign_off: boolean }>("SELECT id, sign_off FROM shares ORDER BY id");
      expect(rows).toEqual([
        { id: "new", sign_off: true },
        { id: "old", sign_off: false },
      ]);
    } finally {
      await db.close();
    }
  });
});
