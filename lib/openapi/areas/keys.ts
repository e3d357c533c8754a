import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { createApiKeySchema, createServiceAccountSchema } from "@/lib/schemas/api-key";
import { apiKeyView, createdApiKey, serviceAccountView } from "../answers/keys";
import { jsonAnswer, noContent, operation, pathParams } from "../operation";

// API keys and service accounts. A key cannot make keys: these routes need the session cookie
// (an API key is refused with 403), except listing the service accounts.

const SESSION_ONLY =
  "Needs the session cookie: an API key is refused here (403), so a leaked key cannot make more keys.";

export const keyPaths: ZodOpenApiPathsObject = {
  "/api/keys": {
    get: operation({
      tag: "API keys",
      access: "view",
      summary: "My API keys",
      description: SESSION_ONLY,
      answers: { "200": jsonAnswer("The keys, newest first.", z.array(apiKeyView)) },
    }),
    post: operation({
      tag: "API keys",
      access: "view",
      summary: "Create an API key for myself",
      description: `Its role is at most mine; the secret is answered this once. ${SESSION_ONLY}`,
      json: createApiKeySchema,
      answers: { "201": jsonAnswer("The key and its secret.", createdApiKey) },
    }),
  },
  "/api/keys/{id}": {
    delete: operation({
      tag: "API keys",
      access: "view",
      summary: "Revoke a key at once (mine; an admin: a service account's)",
      description: SESSION_ONLY,
      path: pathParams("id"),
      answers: { "204": noContent },
      errors: [404],
    }),
  },
  "/api/service-accounts": {
    get: operation({
      tag: "API keys",
      access: "manage_users",
      summary: "The service accounts",
      answers: { "200": jsonAnswer("The service accounts.", z.array(serviceAccountView)) },
    }),
    post: operation({
      tag: "API keys",
      access: "manage_users",
      summary: "Create a service account (an editor or a reviewer with keys and no password)",
      description: SESSION_ONLY,
      json: createServiceAccountSchema,
      answers: { "201": jsonAnswer("The service account.", serviceAccountView) },
      errors: [409],
    }),
  },
  "/api/service-accounts/{id}/keys": {
    get: operation({
      tag: "API keys",
      access: "manage_users",
      summary: "A service account's keys",
      description: SESSION_ONLY,
      path: pathParams("id"),
      answers: { "200": jsonAnswer("The keys.", z.array(apiKeyView)) },
      errors: [404],
    }),
    post: operation({
      tag: "API keys",
      access: "manage_users",
      summary: "Create a key for a service account",
      description: `The secret is answered this once. ${SESSION_ONLY}`,
      path: pathParams("id"),
      json: createApiKeySchema,
      answers: { "201": jsonAnswer("The key and its secret.", createdApiKey) },
      errors: [404],
    }),
  },
};
