import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { THUMB_WIDTHS } from "@/lib/images/thumb-url";
import { galleryQuerySchema } from "@/lib/schemas/gallery-query";
import { linkSignOffSchema } from "@/lib/schemas/link-sign-off";
import { createShareSchema, shareChangeSchema } from "@/lib/schemas/share";
import { linkSignOff, sharedGallery, sharePreview, shareView } from "../answers/shares";
import { fileAnswer, jsonAnswer, noContent, operation, pathParams } from "../operation";

// Share links: made by the team (Shares), opened by anyone holding one (Share links: no session,
// the link's token is the permission).

const token = pathParams("token");
const imageQuery = {
  p: z.string().meta({ description: "The prediction's id." }),
  i: z.coerce.number().int().min(0).meta({ description: "The image's index in the prediction." }),
};

export const sharePaths: ZodOpenApiPathsObject = {
  "/api/shares": {
    get: operation({
      tag: "Shares",
      access: "view",
      summary: "My share links (every link, for an admin)",
      answers: { "200": jsonAnswer("The links.", z.array(shareView)) },
    }),
    post: operation({
      tag: "Shares",
      access: "download",
      summary: "Make a share link of a gallery view or of chosen shots",
      description:
        "The link holds the shots of the view at this moment (or `prediction_ids`); its address is in the answer's `url`.",
      json: createShareSchema,
      answers: { "201": jsonAnswer("Made.", shareView.extend({ url: z.string() })) },
    }),
  },
  "/api/shares/preview": {
    get: operation({
      tag: "Shares",
      access: "download",
      summary: "How many shots a link made from this gallery view would show",
      description: "The gallery's keys (as `GET /api/predictions`), without `limit` and `cursor`.",
      query: z.object(
        Object.fromEntries(
          Object.entries(galleryQuerySchema.shape).filter(([key]) => key !== "limit" && key !== "cursor"),
        ),
      ),
      answers: { "200": jsonAnswer("The count.", sharePreview) },
    }),
  },
  "/api/shares/{id}": {
    patch: operation({
      tag: "Shares",
      access: "download",
      summary: "Turn a link's visitors' sign-off on or off",
      path: pathParams("id"),
      json: shareChangeSchema,
      answers: { "200": jsonAnswer("The link now.", shareView) },
      errors: [404],
    }),
    delete: operation({
      tag: "Shares",
      access: "download",
      summary: "Revoke a link at once",
      path: pathParams("id"),
      answers: { "204": noContent },
      errors: [404],
    }),
  },
  "/api/share/{token}": {
    get: operation({
      tag: "Share links",
      access: "public",
      summary: "A share link's shots",
      path: token,
      answers: { "200": jsonAnswer("The shots.", sharedGallery) },
      errors: [404],
    }),
  },
  "/api/share/{token}/image": {
    get: operation({
      tag: "Share links",
      access: "public",
      summary: "A thumbnail of one of a link's images (WebP)",
      path: token,
      query: z.object({
        ...imageQuery,
        w: z
          .enum(THUMB_WIDTHS.map(String) as [string, ...string[]])
          .optional()
          .meta({ description: "The width (480 when left out)." }),
      }),
      answers: { "200": fileAnswer("The thumbnail.", "image/webp") },
      errors: [404],
    }),
  },
  "/api/share/{token}/download": {
    get: operation({
      tag: "Share links",
      access: "public",
      summary: "One of a link's images as made, as a file",
      path: token,
      query: z.object(imageQuery),
      answers: { "200": fileAnswer("The image.", "image/*") },
      errors: [404],
    }),
  },
  "/api/share/{token}/sign-off": {
    post: operation({
      tag: "Share links",
      access: "public",
      summary: "Approve or comment on one of a link's images under a typed name",
      description: "Only on links whose maker turned sign-off on (403 otherwise).",
      path: token,
      json: linkSignOffSchema,
      answers: { "201": jsonAnswer("Recorded.", linkSignOff) },
      errors: [403, 404, 413, 429],
    }),
  },
};
