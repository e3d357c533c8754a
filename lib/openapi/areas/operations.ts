import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { auditQuerySchema } from "@/lib/schemas/audit-query";
import { auditPage } from "../answers/misc";
import { jsonAnswer, operation } from "../operation";

// For the people who run the app: health, readiness, metrics, the activity log, this document.

const tag = "Operations";

export const operationsPaths: ZodOpenApiPathsObject = {
  "/api/health": {
    get: operation({
      tag,
      access: "public",
      summary: "Which of the app's parts answer now",
      answers: {
        "200": jsonAnswer(
          "Always 200 while the app serves.",
          z.object({
            status: z.enum(["ok", "degraded"]),
            database: z.enum(["up", "down"]),
            service: z.enum(["up", "down"]),
          }),
        ),
      },
    }),
  },
  "/api/ready": {
    get: operation({
      tag,
      access: "public",
      summary: "Whether this instance should be sent people (a load balancer's check)",
      answers: { "200": jsonAnswer("Ready.", z.object({ ready: z.literal(true) })) },
      errors: [503],
    }),
  },
  "/api/metrics": {
    get: operation({
      tag,
      access: "public",
      summary: "Prometheus metrics",
      description:
        "For the bearer of the operator's `METRICS_TOKEN` or an address in `METRICS_ALLOW` (not a session nor an API key); 404 when neither is configured.",
      answers: { "200": { description: "Prometheus text format.", content: { "text/plain": { schema: z.string() } } } },
      errors: [401, 403, 404],
    }),
  },
  "/api/audit": {
    get: operation({
      tag,
      access: "manage_users",
      summary: "The activity log, newest first",
      query: auditQuerySchema,
      answers: { "200": jsonAnswer("One page.", auditPage) },
    }),
  },
  "/api/openapi.json": {
    get: operation({
      tag,
      access: "public",
      summary: "This document",
      answers: {
        "200": {
          description: "The OpenAPI 3.1 document.",
          content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
        },
      },
    }),
  },
};
