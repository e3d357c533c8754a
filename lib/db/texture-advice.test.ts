import { expect, it } from "vitest";
import type { TextureReport } from "@/lib/textures/types";
import { getTextureAdvice, saveTextureAdvice } from "./texture-advice";
import { testDatabase } from "./testing";

// The advisor's report kept per product (migration 50), read back as it was written.

const t = testDatabase();

const report = (level: "ok" | "warn"): TextureReport => ({
  textures: [
    {
      key: "label",
      width: 1024,
      height: 1024,
      checks: [{ id: "sharpness", level, message: "Sharp, with clear detail.", value: 0.64 }],
      profile: { brightness: 120.9, warmth: null, hash: "00ff00ff00ff00ff" },
    },
  ],
  set: [],
});

it("keeps one report per product, the latest written, and answers null for others", async () => {
  await saveTextureAdvice("prd_1", report("ok"));
  expect(await getTextureAdvice("prd_1")).toEqual(report("ok"));
  await saveTextureAdvice("prd_1", report("warn"));
  expect((await getTextureAdvice("prd_1"))?.textures[0].checks[0].level).toBe("warn");
  expect(await getTextureAdvice("prd_2")).toBeNull();
  const [{ count }] = await t.db.query<{ count: number | string }>(
    "SELECT count(*) AS count FROM product_texture_advice",
  );
  expect(Number(count)).toBe(1);
});
