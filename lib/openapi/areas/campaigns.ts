import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { CAMPAIGN_ACTIONS, campaignListQuerySchema, createCampaignSchema } from "@/lib/schemas/campaign";
import { campaignZipQuerySchema } from "@/lib/schemas/campaign-zip";
import { campaignEstimate, campaignPage, campaignView } from "../answers/campaigns";
import { fileAnswer, jsonAnswer, operation, pathParams } from "../operation";

// Campaigns: many products × scenes × outputs in one go, trained and sent by the server.

const tag = "Campaigns";
const id = pathParams("id");

export const campaignPaths: ZodOpenApiPathsObject = {
  "/api/campaigns": {
    get: operation({
      tag,
      access: "view",
      summary: "The campaigns, newest first",
      query: campaignListQuerySchema,
      answers: { "200": jsonAnswer("One page.", campaignPage) },
    }),
    post: operation({
      tag,
      access: "create",
      summary: "Start a campaign",
      description:
        "Products without a LoRA are trained first; the shots are sent at the pace the service allows. Follow it at `GET /api/campaigns/{id}`.",
      json: createCampaignSchema,
      answers: { "201": jsonAnswer("Started.", campaignView) },
      errors: [413],
    }),
  },
  "/api/campaigns/estimate": {
    post: operation({
      tag,
      access: "create",
      summary: "What a campaign would make, and how long it would take",
      description: "The same body as `POST /api/campaigns`; nothing is started.",
      json: createCampaignSchema,
      answers: { "200": jsonAnswer("The estimate.", campaignEstimate) },
      errors: [413],
    }),
  },
  "/api/campaigns/{id}": {
    get: operation({
      tag,
      access: "view",
      summary: "A campaign and every shot's state",
      path: id,
      answers: { "200": jsonAnswer("The campaign.", campaignView) },
      errors: [404],
    }),
  },
  "/api/campaigns/{id}/{action}": {
    post: operation({
      tag,
      access: "create",
      summary: "Pause, resume, cancel, or retry a campaign's failed shots",
      path: z.object({ id: z.string().min(1), action: z.enum(CAMPAIGN_ACTIONS) }),
      answers: { "200": jsonAnswer("The campaign now.", campaignView) },
      errors: [404, 409],
    }),
  },
  "/api/campaigns/{id}/zip": {
    get: operation({
      tag,
      access: "download",
      summary: "A campaign's images as one ZIP, in folders by product and output",
      path: id,
      query: campaignZipQuerySchema,
      answers: { "200": fileAnswer("The ZIP, streamed.", "application/zip") },
      errors: [404, 409],
    }),
  },
};
