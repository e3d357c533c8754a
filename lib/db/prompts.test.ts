import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { setDbForTests, type Db } from "./client";
import { deletePreset, insertPreset, listPresets, promptHistory } from "./prompts";
import { useMemoryDb, useTestEnv } from "./testing";

describe("prompt reuse registry", () => {
  let db: Db;
  let env: ReturnType<typeof useTestEnv>;
  let me: { id: string };
  let you: { id: string };
  beforeAll(async () => {
    env = useTestEnv();
    db = await useMemoryDb();
    me = await createUser({ email: "me@example.com", password: "plum-orchard-41", role: "editor" });
    you = await createUser({ email: "you@example.com", password: "plum-orchard-41", role: "editor" });
    await db.query(
      "INSERT INTO products (id, name, template_id) VALUES ('bottle', 'Bottle', 't1'), ('mug', 'Mug', 't2')",
    );
    const add = (id: string, product: string, prompt: string, ratio: string, by: string, at: string) =>
      db.query(
        "INSERT INTO predictions (id, product_id, prompt, aspect_ratio, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [id, product, prompt, ratio, by, at],
      );
    await add("a", "bottle", "beach", "1:1", me.id, "2025-01-01T00:00:00Z");
    await add("b", "bottle", "snow", "16:9", me.id, "2025-01-02T00:00:00Z");
    await add("c", "bottle", "beach", "9:16", me.id, "2025-01-03T00:00:00Z");
    await add("d", "mug", "kitchen", "4:5", me.id, "2025-01-04T00:00:00Z");
    await add("e", "bottle", "theirs", "1:1", you.id, "2025-01-05T00:00:00Z");
  });
  afterAll(async () => {
    setDbForTests(null);
    await db.close();
    env.cleanup();
  });

  it("history: my distinct prompts, latest first, with the latest use's settings, per template", async () => {
    expect(await promptHistory(me.id, { templateId: "t1", limit: 10 })).toEqual([
      {
        prompt: "beach",
        uses: 2,
        last_used_at: "2025-01-03T00:00:00.000Z",
        product_id: "bottle",
        aspect_ratio: "9:16",
        template_id: "t1",
      },
      {
        prompt: "snow",
        uses: 1,
        last_used_at: "2025-01-02T00:00:00.000Z",
        product_id: "bottle",
        aspect_ratio: "16:9",
        template_id: "t1",
      },
    ]);
    expect((await promptHistory(me.id, { limit: 10 })).map((h) => h.prompt)).toEqual(["kitchen", "beach", "snow"]);
    expect((await promptHistory(me.id, { limit: 1 })).map((h) => h.prompt)).toEqual(["kitchen"]);
  });

  it("presets: per template, unique names, deletable", async () => {
    const one = await insertPreset({
      templateId: "t1",
      name: "Beach",
      prompt: "on a beach",
      aspectRatio: "3:2",
      createdBy: me.id,
    });
    expect(one).toMatchObject({ template_id: "t1", name: "Beach", created_by_email: "me@example.com" });
    expect(
      await insertPreset({ templateId: "t1", name: "Beach", prompt: "x", aspectRatio: null, createdBy: you.id }),
    ).toBeNull();
    await insertPreset({ templateId: "t2", name: "Beach", prompt: "x", aspectRatio: null, createdBy: you.id });
    expect((await listPresets("t1")).map((p) => p.name)).toEqual(["Beach"]);
    expect(await listPresets()).toHaveLength(2);
    expect(await deletePreset(one!.id)).toBe(true);
    expect(await deletePreset(one!.id)).toBe(false);
  });
});
