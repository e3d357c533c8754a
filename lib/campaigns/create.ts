import "server-only";
import { shotsLeft } from "@/lib/budgets/spend";
import { randomBytes } from "node:crypto";
import type { CampaignEstimate } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/client";
import { insertCampaign, type ProductState } from "@/lib/db/campaigns";
import { fastestRecentGenerationMs } from "@/lib/db/generation-times";
import { insertJobs, type NewJob } from "@/lib/db/shot-jobs";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { LORA_TIMING } from "@/lib/lora/estimate";
import { assertSafeId } from "@/lib/service";
import { campaignOutputs, shotCount, shotRatios, type CampaignOutput } from "@/lib/schemas/campaign-plan";
import type { CreateCampaignInput } from "@/lib/schemas/campaign";
import type { AspectRatio, SessionUser } from "@/lib/types";
import { currentPace } from "./claim";
import type { EngineContext } from "./context";

// Starting a campaign: everything it will make is written at once, one job per shot, before
// anything is sent; the engine takes it from there. A product the registry knows to be trained
// goes straight to the queue; the others are asked of the service (and trained) first.

const TYPICAL_GENERATION_MS = 45_000;

interface Plan {
  outputs: CampaignOutput[];
  ratios: AspectRatio[];
  total: number;
}

function planOf(input: CreateCampaignInput): Plan {
  const outputs = campaignOutputs(input.aspect_ratios, input.channels);
  const ratios = shotRatios(outputs);
  const total = shotCount({
    products: input.product_ids.length,
    prompts: input.prompts.length,
    ratios: ratios.length,
    variations: input.variations,
  });
  return { outputs, ratios, total };
}

function assertWithinMax(total: number): void {
  const max = env().CAMPAIGN_MAX_SHOTS;
  if (total > max) {
    throw new AppError(
      "bad_request",
      `This campaign would make ${total.toLocaleString("en")} shots; a campaign can make at most ${max.toLocaleString("en")}. ` +
        "Choose fewer products, scenes or outputs, or fewer variations, or split it into two campaigns.",
    );
  }
}

/** Each product's LoRA as the registry knows it: ready ones need no question to the service. */
async function knownLora(db: Db, productIds: readonly string[]): Promise<Map<string, boolean>> {
  const rows = await db.query<{ id: string; ready: boolean }>(
    "SELECT id, (lora_ready_at IS NOT NULL) AS ready FROM products WHERE id = ANY($1::text[])",
    [productIds],
  );
  return new Map(rows.map((r) => [r.id, r.ready]));
}

export async function estimateCampaign(
  ctx: Pick<EngineContext, "db" | "pace" | "clock">,
  input: CreateCampaignInput,
  user?: SessionUser,
): Promise<CampaignEstimate> {
  const { total } = planOf(input);
  const [known, pace, generationMs, left] = await Promise.all([
    knownLora(ctx.db, input.product_ids),
    currentPace(ctx.db, ctx),
    fastestRecentGenerationMs(),
    user ? shotsLeft(ctx.db, user, ctx.clock()) : null,
  ]);
  const toTrain = input.product_ids.filter((id) => known.get(id) === false).length;
  const unknown = input.product_ids.filter((id) => !known.has(id)).length;
  const training = toTrain + unknown > 0 ? LORA_TIMING.expectedMs : 0;
  return {
    total,
    max: env().CAMPAIGN_MAX_SHOTS,
    to_train: toTrain,
    unknown_products: unknown,
    eta_ms: Math.round(training + (total * 1000) / pace.rate + (generationMs ?? TYPICAL_GENERATION_MS)),
    rate_per_second: Math.round(pace.rate * 100) / 100,
    shots_left_this_month: left,
  };
}

const newCampaignId = () => `cmp_${randomBytes(8).toString("hex")}`;

export async function createCampaign(
  ctx: Pick<EngineContext, "db" | "clock">,
  input: CreateCampaignInput,
  user: SessionUser,
): Promise<{ id: string; total: number }> {
  const plan = planOf(input);
  assertWithinMax(plan.total);
  for (const id of input.product_ids) assertSafeId(id, "product id");
  const known = await knownLora(ctx.db, input.product_ids);
  const state = (id: string): ProductState => (known.get(id) ? "ready" : "checking");
  const jobs: NewJob[] = [];
  const id = newCampaignId();
  for (const productId of input.product_ids) {
    for (const [promptIndex, prompt] of input.prompts.entries()) {
      for (const aspectRatio of plan.ratios) {
        for (let variation = 1; variation <= input.variations; variation++) {
          jobs.push({
            campaignId: id,
            productId,
            promptIndex,
            prompt,
            aspectRatio,
            variation,
            priority: 1,
            state: state(productId) === "ready" ? "queued" : "waiting_training",
            createdBy: user.id,
          });
        }
      }
    }
  }
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await insertCampaign(
      tx,
      {
        id,
        kind: "campaign",
        name: input.name,
        createdBy: user.id,
        prompts: input.prompts,
        outputs: plan.outputs,
        variations: input.variations,
        products: input.product_ids.map((productId) => ({ productId, state: state(productId) })),
      },
      now,
    );
    await insertJobs(tx, jobs, now);
  });
  await recordAudit({
    actor: user,
    action: "campaign.created",
    detail: { campaign: id, name: input.name, shots: plan.total, products: input.product_ids.length },
  });
  return { id, total: plan.total };
}

/**
 * A person's shots of one product from its page (one, several ratios, or variations): a batch,
 * the same engine at the front of the queue. Its product must be trained already (the page
 * offers Generate only then); a refusal is answered in the service's words.
 */
export async function createBatch(
  ctx: Pick<EngineContext, "db" | "clock">,
  plan: { product_id: string; prompt: string; ratios: readonly AspectRatio[]; variations: boolean },
  user: SessionUser,
): Promise<{ id: string; jobIds: string[] }> {
  const productId = assertSafeId(plan.product_id, "product id");
  const id = newCampaignId();
  const now = ctx.clock();
  const jobIds = await ctx.db.transaction(async (tx) => {
    await insertCampaign(
      tx,
      {
        id,
        kind: "batch",
        name: plan.prompt.slice(0, 120),
        createdBy: user.id,
        prompts: [plan.prompt],
        outputs: [...new Set(plan.ratios)].map((aspect_ratio) => ({ aspect_ratio, channel: null })),
        variations: plan.variations ? plan.ratios.length : 1,
        products: [{ productId, state: "ready" }],
      },
      now,
    );
    return insertJobs(
      tx,
      plan.ratios.map((aspectRatio, n) => ({
        campaignId: id,
        productId,
        promptIndex: 0,
        prompt: plan.prompt,
        aspectRatio,
        variation: plan.variations ? n + 1 : 1,
        priority: 0,
        state: "queued",
        createdBy: user.id,
      })),
      now,
    );
  });
  return { id, jobIds };
}
