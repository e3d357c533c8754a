import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  reviewActionSchema,
  reviewQueueQuerySchema,
  reviewSummaryQuerySchema,
  undoReviewSchema,
} from "@/lib/schemas/review";
import { predictionReviews, recordedReview, reviewQueuePage, reviewSummary } from "../answers/reviews";
import { jsonAnswer, operation, pathParams } from "../operation";

// Reviewing shots: approve, reject, star, comment, undo; the queue of images awaiting review.

const tag = "Reviews";
const id = pathParams("id");

export const reviewPaths: ZodOpenApiPathsObject = {
  "/api/predictions/{id}/reviews": {
    get: operation({
      tag,
      access: "view",
      summary: "A prediction's review state and history",
      path: id,
      answers: { "200": jsonAnswer("Per image, and every action.", predictionReviews) },
      errors: [404],
    }),
    post: operation({
      tag,
      access: "review",
      summary: "Approve, reject, star, unstar, comment on or clear one image",
      path: id,
      json: reviewActionSchema,
      answers: { "201": jsonAnswer("Recorded.", recordedReview) },
      errors: [404],
    }),
  },
  "/api/predictions/{id}/reviews/undo": {
    post: operation({
      tag,
      access: "review",
      summary: "Undo one's own latest review action on an image",
      path: id,
      json: undoReviewSchema,
      answers: { "200": jsonAnswer("The reviews afterwards.", predictionReviews) },
      errors: [404, 409],
    }),
  },
  "/api/reviews/queue": {
    get: operation({
      tag,
      access: "view",
      summary: "Images nobody has approved or rejected yet",
      query: reviewQueueQuerySchema,
      answers: { "200": jsonAnswer("One page.", reviewQueuePage) },
    }),
  },
  "/api/reviews/summary": {
    get: operation({
      tag,
      access: "view",
      summary: "How many images await review",
      query: reviewSummaryQuerySchema,
      answers: { "200": jsonAnswer("The counts.", reviewSummary) },
    }),
  },
};
