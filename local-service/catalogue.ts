// The seeded template catalogue. Ids are integers on purpose: the document allows string or
// integer ids and the app must normalise. Two templates lack LoRA support, in two different ways.
import type { ShapeName } from "./shapes";

export interface TextureSlot {
  key: string;
  label: string;
}

export interface TemplateRecord {
  id: number;
  name: string;
  /** `available` enables LoRA; `undefined` means the field is absent from the detail. */
  loraScene?: string;
  description: string;
  shape: ShapeName;
  /** Colour of the preview's stand-in texture. */
  previewColour: string;
  textures: TextureSlot[];
}

export const TEMPLATES: readonly TemplateRecord[] = [
  {
    id: 1,
    name: "Glass bottle",
    loraScene: "available",
    shape: "bottle",
    previewColour: "#2f7d6d",
    description: "A tall glass bottle with a wrap-around label and a screw cap.",
    textures: [
      { key: "label", label: "Label artwork" },
      { key: "cap", label: "Cap material" },
    ],
  },
  {
    id: 2,
    name: "Sneaker",
    loraScene: "available",
    shape: "sneaker",
    previewColour: "#c0392b",
    description: "A low-top sneaker seen from the side.",
    textures: [
      { key: "upper", label: "Upper fabric" },
      { key: "sole", label: "Sole material" },
    ],
  },
  {
    id: 3,
    name: "Handbag",
    loraScene: "available",
    shape: "handbag",
    previewColour: "#8e5b3a",
    description: "A structured handbag with a single top handle.",
    textures: [
      { key: "body", label: "Leather body" },
      { key: "strap", label: "Strap material" },
    ],
  },
  {
    id: 4,
    name: "Wristwatch",
    loraScene: "available",
    shape: "watch",
    previewColour: "#34495e",
    description: "A round wristwatch on a straight strap.",
    textures: [
      { key: "dial", label: "Dial face" },
      { key: "strap", label: "Strap material" },
    ],
  },
  {
    id: 5,
    name: "Cosmetic jar",
    loraScene: "available",
    shape: "jar",
    previewColour: "#d4a5a5",
    description: "A wide cosmetic jar with a screw lid.",
    textures: [
      { key: "body", label: "Jar body" },
      { key: "lid", label: "Lid finish" },
    ],
  },
  {
    id: 6,
    name: "Headphones",
    loraScene: "available",
    shape: "headphones",
    previewColour: "#222f3e",
    description: "Over-ear headphones with a padded headband.",
    textures: [
      { key: "cups", label: "Ear cup finish" },
      { key: "band", label: "Headband material" },
      { key: "cushion", label: "Cushion fabric" },
    ],
  },
  {
    id: 7,
    name: "Coffee mug",
    loraScene: "available",
    shape: "mug",
    previewColour: "#f39c12",
    description: "A ceramic mug with an all-over print.",
    textures: [{ key: "print", label: "Mug print" }],
  },
  {
    id: 8,
    name: "Lounge chair",
    loraScene: "unavailable",
    shape: "chair",
    previewColour: "#16a085",
    description: "An upholstered lounge chair on four legs. LoRA training is not offered for furniture.",
    textures: [
      { key: "upholstery", label: "Upholstery fabric" },
      { key: "frame", label: "Frame finish" },
    ],
  },
  {
    id: 9,
    name: "Poster frame",
    shape: "poster",
    previewColour: "#7f8c8d",
    description: "A framed poster for wall mock-ups.",
    textures: [{ key: "artwork", label: "Artwork" }],
  },
  {
    id: 10,
    name: "Cotton T-shirt",
    loraScene: "available",
    shape: "tshirt",
    previewColour: "#2980b9",
    description: "A crew-neck T-shirt with a front print.",
    textures: [{ key: "front", label: "Front print" }],
  },
];

export function findTemplate(id: number): TemplateRecord | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

export function supportsLora(template: TemplateRecord): boolean {
  return template.loraScene === "available";
}
