// Template preview images, rendered on first request and cached on disk in the images folder.
import { access, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { TEMPLATES, type TemplateRecord } from "./catalogue";
import { sceneFor } from "./palette";
import { previewFile } from "./present";
import { renderScene } from "./render";
import { SHAPES } from "./shapes";

/** A striped stand-in texture, one shade per slot, so the slots read apart in the preview. */
export function patternTexture(colour: string, slot: number): Promise<Buffer> {
  const angle = [45, -45, 0][slot % 3];
  const shade = ["#ffffff", "#000000", "#ffffff"][slot % 3];
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96">
      <rect width="96" height="96" fill="${colour}"/>
      <g transform="rotate(${angle} 48 48)" fill="${shade}" opacity="${0.18 + slot * 0.12}">
        <rect x="-48" y="0" width="192" height="12"/><rect x="-48" y="32" width="192" height="12"/><rect x="-48" y="64" width="192" height="12"/>
      </g></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

async function renderPreview(template: TemplateRecord, target: string): Promise<void> {
  const colours = [template.previewColour, "#3b3b3b", "#d9cbb5"];
  const textures = await Promise.all(
    template.textures.map((_, slot) => patternTexture(colours[slot % colours.length], slot)),
  );
  const scene = { ...sceneFor("studio product shot", 0), productX: 0.5, productScale: 0.7, horizon: 0.74 };
  const image = await renderScene({
    width: 640,
    height: 640,
    regions: SHAPES[template.shape],
    textures,
    scene,
    format: "png",
  });
  await writeFile(`${target}.tmp`, image);
  await rename(`${target}.tmp`, target);
}

/** Returns a function the asset server calls for a missing file: true when it made that file. */
export function previewProducer(imagesDir: string): (file: string) => Promise<boolean> {
  const pending = new Map<string, Promise<void>>();
  return async (file) => {
    const template = TEMPLATES.find((t) => previewFile(t) === file);
    if (!template) return false;
    const target = path.join(imagesDir, file);
    let job = pending.get(file);
    if (!job) {
      job = access(target)
        .catch(() => renderPreview(template, target))
        .finally(() => pending.delete(file));
      pending.set(file, job);
    }
    await job;
    return true;
  };
}
