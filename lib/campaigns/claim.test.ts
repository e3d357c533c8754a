import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import { claimNextJob } from "./claim";
import { engineContext } from "./context";
import { createBatch, createCampaign } from "./create";

// Who goes next: a person's own shots before any campaign's, and campaigns in turn (the one that
// waited longest since its last send), so one large campaign never starves another. The clock is
// the test's: each claim a second after the last, so the pace always allows one.

describe("the order of sends", () => {
  const t = testDatabase();

  it("takes campaigns in turn and a person's batch first", async () => {
    let now = Date.parse("2031-01-01T00:00:00Z");
    const ctx = engineContext(t.db, { clock: () => new Date(now), claimMs: 1, pace: { maxRate: 100, maxInFlight: 4 } });
    const user = { id: "u1", email: "a@studio.test", role: "editor" as const };
    await t.db.query(
      "INSERT INTO products (id, name, template_id, texture_keys, lora_ready_at) VALUES ('p1', 'Jar', '1', '[]', now()), ('p2', 'Mug', '1', '[]', now())",
    );
    const big = await createCampaign(
      ctx,
      {
        name: "Big",
        product_ids: ["p1"],
        prompts: ["a", "b", "c"],
        aspect_ratios: ["1:1", "4:5"],
        channels: [],
        variations: 1,
      },
      user,
    );
    const small = await createCampaign(
      ctx,
      {
        name: "Small",
        product_ids: ["p2"],
        prompts: ["d"],
        aspect_ratios: ["1:1", "4:5"],
        channels: [],
        variations: 1,
      },
      user,
    );
    const next = async () => {
      now += 1_000;
      const claim = await claimNextJob(ctx);
      if (!("job" in claim)) throw new Error(`nothing to claim: ${JSON.stringify(claim)}`);
      return claim.job.campaignId;
    };
    expect([await next(), await next(), await next()]).toEqual([big.id, small.id, big.id]);
    const batch = await createBatch(
      ctx,
      { product_id: "p2", prompt: "mine, now", ratios: ["9:16"], variations: false },
      user,
    );
    expect(await next()).toBe(batch.id);
    // Small's last shot, then Big has the service to itself.
    expect([await next(), await next(), await next(), await next(), await next()]).toEqual([
      small.id,
      big.id,
      big.id,
      big.id,
      big.id,
    ]);
    now += 1_000;
    expect(await claimNextJob(ctx)).toEqual({ idle: true });
  });
});
