// Response shapes of the interface. Rules 1–3 of section 2 decide which prediction fields appear.
import { formatDate } from "./format";
import type { TemplateRecord } from "./catalogue";
import type { Deps } from "./context";
import { loraProgress } from "./lora";
import type { PredictionRecord, ProductRecord } from "./store";

export const imageUrl = (deps: Deps, file: string) => `${deps.assetUrl}/images/${file}`;

export const previewFile = (template: TemplateRecord) => `template-${template.id}-v2.png`;

/** List items deliberately omit `loraScene`: the document promises it only on the detail. */
export function templateListItem(template: TemplateRecord, deps: Deps) {
  return { id: template.id, name: template.name, preview_url: imageUrl(deps, previewFile(template)) };
}

export function templateDetail(template: TemplateRecord, deps: Deps) {
  return {
    id: template.id,
    name: template.name,
    ...(template.loraScene === undefined ? {} : { loraScene: template.loraScene }),
    preview_url: imageUrl(deps, previewFile(template)),
    description: template.description,
    textures: template.textures.map(({ key, label }) => ({ key, label })),
  };
}

export function productJson(product: ProductRecord, deps: Deps) {
  return {
    id: product.id,
    name: product.name,
    template_id: product.templateId,
    lora_enabled: loraProgress(product.lora, deps.now()).enabled ? 1 : 0,
    textures: product.textures.map((texture) => ({ key: texture.key, url: imageUrl(deps, texture.file) })),
    date_creation: formatDate(product.createdAt),
  };
}

/** Rule 2: list items carry no `aspect_ratio` and no `status`. */
export function predictionListItem(prediction: PredictionRecord, deps: Deps) {
  return {
    id: prediction.id,
    product_id: prediction.productId,
    date_modification: formatDate(prediction.modifiedAt),
    prompt: prediction.prompt,
    images: prediction.images.map((file) => imageUrl(deps, file)),
  };
}

/** Rule 3: the single prediction carries `aspect_ratio` but no `status`. */
export function predictionDetail(prediction: PredictionRecord, deps: Deps) {
  return { ...predictionListItem(prediction, deps), aspect_ratio: prediction.aspectRatio };
}

/** Rule 1: the create response carries every field, `status` = processing and no images. */
export function predictionCreated(prediction: PredictionRecord, deps: Deps) {
  return { ...predictionDetail(prediction, deps), status: "processing", images: [] as string[] };
}
