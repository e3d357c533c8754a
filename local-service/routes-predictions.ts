// POST /prediction/, GET /prediction/ and GET /prediction/{prediction_id}.
import type { Route } from "./context";
import { ASPECT_RATIOS, isAspectRatio, newId } from "./format";
import { sendJson, ServiceError } from "./http";
import { loraProgress } from "./lora";
import { readForm } from "./multipart";
import { predictionCreated, predictionDetail, predictionListItem } from "./present";
import type { PredictionRecord } from "./store";

const ASPECT_RATIO_MESSAGE = `aspect_ratio must be one of: ${ASPECT_RATIOS.join(", ")}`;

export const predictionRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/prediction\/$/,
    handler: async ({ req, res, caller }, deps) => {
      // The create limit stands in front of everything else, like a gateway's: nothing is read or made.
      if (!deps.createLimit.tryCreate(caller.token, deps.now())) {
        throw new ServiceError(429, "Rate limit exceeded. Please retry later.");
      }
      const { fields } = await readForm(req);
      // The order of checks follows section 7: 400s, then 404, then 403.
      const productId = fields.get("product_id")?.trim();
      if (!productId) throw new ServiceError(400, "product_id is required");
      const aspectRatio = fields.get("aspect_ratio")?.trim();
      if (!isAspectRatio(aspectRatio)) throw new ServiceError(400, ASPECT_RATIO_MESSAGE);
      const product = deps.store.products.get(productId);
      if (!product) throw new ServiceError(404, `Product with ID ${productId} does not exist`);
      const now = deps.now();
      if (!loraProgress(product.lora, now).enabled) {
        throw new ServiceError(403, "Product does not have LoRA enabled. Generate LoRA first.");
      }
      const prediction: PredictionRecord = {
        id: newId("pred"),
        productId,
        prompt: fields.get("prompt") ?? "",
        aspectRatio,
        createdAt: now,
        dueAt: now + deps.config.predictionMs,
        modifiedAt: now,
        images: [],
        stalled: deps.control.takeStall("prediction"),
        fromApi: true,
      };
      deps.store.addPredictions([prediction]);
      deps.worker.schedule(prediction);
      sendJson(res, 201, predictionCreated(prediction, deps));
    },
  },
  {
    method: "GET",
    pattern: /^\/prediction\/$/,
    handler: async ({ res }, deps) =>
      sendJson(
        res,
        200,
        deps.store.listPredictions().map((prediction) => predictionListItem(prediction, deps)),
      ),
  },
  {
    method: "GET",
    pattern: /^\/prediction\/([^/]+)$/,
    handler: async ({ res, params: [id] }, deps) => {
      const prediction = deps.store.predictions.get(id);
      if (!prediction) throw new ServiceError(404, `Prediction with ID ${id} does not exist`);
      sendJson(res, 200, predictionDetail(prediction, deps));
    },
  },
];
