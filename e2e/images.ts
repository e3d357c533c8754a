import sharp from "sharp";
import { blurred, goodTexture } from "../lib/textures/test-images";

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A real PNG texture made here, so the journeys need no binary fixtures. Noise keeps it from
 * compressing to nothing, so an upload of the large one takes long enough to show progress.
 */
export async function texturePng(name: string, size: number, noise = false): Promise<TestFile> {
  const image = noise
    ? sharp({ create: { width: size, height: size, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    : sharp({ create: { width: size, height: size, channels: 3, background: { r: 47, g: 125, b: 109 } } });
  return { name, mimeType: "image/png", buffer: await image.png().toBuffer() };
}

/** A small texture (below the recommended 1024×1024 px) and a 1024×1024 one. */
export async function textures() {
  return {
    small: await texturePng("small-label.png", 512),
    large: await texturePng("cap-1024.png", 1024, true),
  };
}

/** Not an image, though its name and type say PNG: the browser's own check must refuse it. */
export function fakePng(): TestFile {
  return { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are meeting notes, not a picture\n") };
}

/** The texture advisor's generated textures: two detailed ones, and the first blurred (σ 4). */
export async function advisedTextures() {
  const sharpOne = await goodTexture(0);
  const png = (name: string, buffer: Buffer): TestFile => ({ name, mimeType: "image/png", buffer });
  return {
    label: png("label-sharp.png", sharpOne),
    cap: png("cap-sharp.png", await goodTexture(1)),
    blurredLabel: png("label-blurred.png", await blurred(sharpOne, 4)),
  };
}
