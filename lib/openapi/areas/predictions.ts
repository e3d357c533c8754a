import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { THUMB_WIDTHS } from "@/lib/images/thumb-url";
import { batchByRatiosSchema, batchByVariationsSchema, batchPredictionSchema } from "@/lib/schemas/batch";
import { exportOptionsSchema } from "@/lib/schemas/export-options";
import { galleryQuerySchema } from "@/lib/schemas/gallery-query";
import { createPredictionSchema } from "@/lib/schemas/prediction";
import { zipRequestSchema } from "@/lib/schemas/zip-request";
import { batchResult, predictionPage, predictionView, queuedShot } from "../answers/predictions";
import { fileAnswer, jsonAnswer, operation, pathParams } from "../operation";

// Predictions (shots): making them, the gallery's pages, one shot, and its images as files.

const tag = "Predictions";

// The batch's schema reads either of two shapes and turns it into a plan (a transform, which a
// document cannot show): the document shows the two shapes it accepts. Registered on the very
// object the handler parses with, so the body stays that object.
batchPredictionSchema.register(z.globalRegistry, {
  override: ({ jsonSchema }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    jsonSchema.oneOf = [batchByRatiosSchema, batchByVariationsSchema].map((shape) => {
      const { $schema, ...rest } = z.toJSONSchema(shape, { io: "input" });
      void $schema; // a document's schemas do not name the dialect one by one
      return rest;
    });
  },
});

const assetSrc = z.string().meta({ description: "The image's asset URL, as a prediction's `images` lists it." });

export const predictionPaths: ZodOpenApiPathsObject = {
  "/api/predictions": {
    get: operation({
      tag,
      access: "view",
      summary: "One page of the gallery",
      description: "Every key is optional; newest first by default.",
      query: galleryQuerySchema,
      answers: { "200": jsonAnswer("One page.", predictionPage) },
    }),
    post: operation({
      tag,
      access: "create",
      summary: "Make a shot: one prediction of a product in a scene and an aspect ratio",
      description:
        "201 with the prediction (`processing`); read it until `status` is `succeeded`. 202 when the service asked to slow down: the server sends it itself, once.",
      json: createPredictionSchema,
      answers: {
        "201": jsonAnswer("Sent.", predictionView),
        "202": jsonAnswer("Queued, to be sent once the service allows.", queuedShot),
      },
      errors: [404, 502, 504],
    }),
  },
  "/api/predictions/batch": {
    post: operation({
      tag,
      access: "create",
      summary: "Make one scene in several aspect ratios, or several variations",
      description:
        "Send `aspect_ratios`, or `aspect_ratio` and `variations`. 200 all sent, 202 some queued, 207 when any was refused.",
      json: batchPredictionSchema,
      answers: {
        "200": jsonAnswer("Every shot sent.", batchResult),
        "202": jsonAnswer("Some wait for the service.", batchResult),
        "207": jsonAnswer("Some were refused (each item says why).", batchResult),
      },
      errors: [404],
    }),
  },
  "/api/predictions/refresh": {
    post: operation({
      tag,
      access: "view",
      summary: "Read the service's list of predictions again now",
      answers: {
        "200": jsonAnswer(
          "Done (`refreshed: false` when a read was already under way).",
          z.object({ refreshed: z.boolean() }),
        ),
      },
      errors: [429, 502, 504],
    }),
  },
  "/api/predictions/zip": {
    post: operation({
      tag,
      access: "download",
      summary: "Download chosen images as one ZIP",
      description: "JSON, or a form whose field `items` holds the same list as JSON text.",
      json: zipRequestSchema,
      answers: { "200": fileAnswer("The ZIP, streamed.", "application/zip") },
      errors: [404, 413],
    }),
  },
  "/api/predictions/{id}": {
    get: operation({
      tag,
      access: "view",
      summary: "One prediction",
      path: pathParams("id"),
      answers: { "200": jsonAnswer("The prediction.", predictionView) },
      errors: [404, 502, 504],
    }),
  },
  "/api/images/download": {
    get: operation({
      tag: "Images",
      access: "download",
      summary: "One shot's image as a file, as made or for a channel",
      query: exportOptionsSchema.extend({
        src: assetSrc,
        name: z.string().optional().meta({ description: "The file's name (made safe)." }),
      }),
      answers: { "200": fileAnswer("The image.", "image/*") },
      errors: [404, 413, 429, 502, 504],
    }),
  },
  "/api/images/thumb": {
    get: operation({
      tag: "Images",
      access: "view",
      summary: "A WebP thumbnail of one shot's image",
      query: z.object({
        src: assetSrc,
        w: z.enum(THUMB_WIDTHS.map(String) as [string, ...string[]]).meta({ description: "The width in pixels." }),
      }),
      answers: {
        "200": fileAnswer("The thumbnail.", "image/webp"),
        "304": { description: "Not modified (`If-None-Match`)." },
      },
      errors: [404, 502, 504],
    }),
  },
};
