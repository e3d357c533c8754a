import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import type { Action } from "@/lib/schemas/roles";

// How one route is described: who may call it, what it reads (the handler's own zod schemas) and
// what it answers. Every area file under lib/openapi/areas/ builds its operations with `operation`.

/** Every error body, the service's and the app's. */
export const errorBody = z
  .object({
    error: z.string().meta({
      description: "The HTTP status's name, or a code a client must tell apart (e.g. password_change_required).",
      example: "Bad Request",
    }),
    message: z
      .string()
      .meta({ description: "What went wrong, in words for a person.", example: "Describe the scene in the prompt" }),
  })
  .meta({ id: "Error", description: "Every error answer: `{ error, message }`." });

const ERROR_WORDS: Record<number, string> = {
  400: "The request is not valid: `message` says which value and why.",
  401: "No session, or it has ended (sign in again).",
  403: "Not allowed: the role lacks the right, the request came from another site, or a generated password must be changed first.",
  404: "Not found (or not one of the caller's).",
  409: "Conflicts with the current state; `message` says how.",
  413: "The body is larger than this route accepts.",
  415: "The body is not of a type this route reads.",
  429: "Too many requests: wait the `Retry-After` header's seconds.",
  502: "The image service answered in a way the app could not use.",
  503: "Not available now: wait the `Retry-After` header's seconds.",
  504: "The image service did not answer in time.",
};

const retryAfter = z.string().meta({ description: "Seconds to wait before trying again." });

function errorResponse(status: number): ZodOpenApiResponseObject {
  const retry = status === 429 || status === 503;
  return {
    description: ERROR_WORDS[status] ?? "An error.",
    ...(retry ? { headers: z.object({ "retry-after": retryAfter }) } : {}),
    content: { "application/json": { schema: errorBody } },
  };
}

/** Who may call a route: anyone (`public`), or a signed-in person whose role has this right. */
export type Access = "public" | Action;

const RIGHT_WORDS: Record<Action, string> = {
  view: "Any signed-in person (every role may view).",
  review: "Needs the `review` right (admin, editor, reviewer).",
  download: "Needs the `download` right (admin, editor, reviewer).",
  create: "Needs the `create` right (admin, editor).",
  manage_users: "Needs the `manage_users` right (admin).",
};

export interface OperationSpec {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** Path parameters, by the route folder's `[name]`. */
  path?: z.ZodObject;
  /** The query schema the handler parses with. */
  query?: z.ZodObject;
  /** The JSON body schema the handler parses with. */
  json?: z.ZodType;
  /** A body that is not JSON (multipart uploads), described by hand. */
  body?: ZodOpenApiOperationObject["requestBody"];
  /** The successful answers, by status. */
  answers: ZodOpenApiResponsesObject;
  /** The error statuses this route gives besides those of its access (401, 403 for signed-in routes). */
  errors?: number[];
}

/** The session cookie or an API key: either opens a signed-in route. */
const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const statuses = new Set(spec.errors ?? []);
  if (spec.json || spec.query) statuses.add(400);
  if (spec.access !== "public") {
    statuses.add(401);
    statuses.add(403);
  }
  const responses: ZodOpenApiResponsesObject = { ...spec.answers };
  for (const status of [...statuses].sort())
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = errorResponse(status);
  const who = spec.access === "public" ? "No session needed." : RIGHT_WORDS[spec.access];
  return {
    summary: spec.summary,
    description: [spec.description, who].filter(Boolean).join("\n\n"),
    tags: [spec.tag],
    security: spec.access === "public" ? [] : SIGNED_IN,
    ...(spec.access === "public" ? {} : { "x-right": spec.access }),
    ...(spec.path || spec.query
      ? { requestParams: { ...(spec.path ? { path: spec.path } : {}), ...(spec.query ? { query: spec.query } : {}) } }
      : {}),
    ...(spec.json ? { requestBody: { required: true, content: { "application/json": { schema: spec.json } } } } : {}),
    ...(spec.body ? { requestBody: spec.body } : {}),
    responses,
  };
}

/** A JSON answer. */
export function jsonAnswer(description: string, schema: z.ZodType, headers?: z.ZodObject): ZodOpenApiResponseObject {
  return { description, ...(headers ? { headers } : {}), content: { "application/json": { schema } } };
}

/** An answer without a body (204). */
export const noContent: ZodOpenApiResponseObject = { description: "Done; no body." };

/** A binary answer (an image, a ZIP). */
export function fileAnswer(description: string, type: string): ZodOpenApiResponseObject {
  return { description, content: { [type]: { schema: z.string().meta({ format: "binary" }) } } };
}

/** A route folder's `[id]`: one path parameter. */
export function pathParams<K extends string>(...names: K[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1)])));
}
