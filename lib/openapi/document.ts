import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { campaignPaths } from "./areas/campaigns";
import { operationsPaths } from "./areas/operations";
import { keyPaths } from "./areas/keys";
import { usagePaths } from "./areas/usage";
import { predictionPaths } from "./areas/predictions";
import { productPaths } from "./areas/products";
import { reviewPaths } from "./areas/reviews";
import { sessionPaths } from "./areas/session";
import { sharePaths } from "./areas/shares";
import { teamPaths } from "./areas/team";
import { userPaths } from "./areas/users";

// GET /api/openapi.json: the API described from the same zod schemas its handlers parse with.
// A route's description lives in its area's file under ./areas; a new area is added to AREAS.

export const AREAS: readonly ZodOpenApiPathsObject[] = [
  sessionPaths,
  productPaths,
  predictionPaths,
  reviewPaths,
  sharePaths,
  campaignPaths,
  teamPaths,
  userPaths,
  operationsPaths,
  keyPaths,
  usagePaths,
];

const DESCRIPTION = `The API of Product Studio: the same routes its pages use.

Sign in with \`POST /api/session\` (the \`ps_session\` cookie), or send an API key as \`Authorization: Bearer <key>\`.
A request that carries a cookie and is not a GET must come from the app's own origin (\`Origin\` header).
Every error is \`{ "error", "message" }\`; \`message\` is written for a person. Lists are paged with \`limit\` and an opaque \`cursor\`
(pass the answer's \`next_cursor\`). A short guide with \`curl\` examples comes with the app: docs/api.md.`;

/** Every area's paths in one object; an area naming a path another already names is a mistake. */
export function apiPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const area of AREAS) {
    for (const [path, item] of Object.entries(area)) {
      if (paths[path]) throw new Error(`${path} is described in two areas`);
      paths[path] = item;
    }
  }
  return paths;
}

let built: ReturnType<typeof createDocument> | undefined;

/** The document, built once per process (the schemas do not change while it runs). */
export function apiDocument(): ReturnType<typeof createDocument> {
  built ??= createDocument({
    openapi: "3.1.0",
    info: { title: "Product Studio API", version: "1", description: DESCRIPTION },
    servers: [{ url: "/", description: "This installation" }],
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "ps_session",
          description: "The session cookie `POST /api/session` sets.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key: `Authorization: Bearer <key>`, with the rights of the role it was given.",
        },
      },
    },
    paths: apiPaths(),
  });
  return built;
}
